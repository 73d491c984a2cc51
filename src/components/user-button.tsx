import { Avatar, Group, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useIntl } from 'react-intl';

/** The user dropdown's button: the avatar (initials) and a chevron. */
export function UserButton({ letters, avatarUrl, ...props }: { letters: string; avatarUrl?: string } & ComponentPropsWithRef<'button'>) {
  const intl = useIntl();
  return (
    <UnstyledButton
      // WCAG 2.5.3: the name holds the visible text (the initials), so "click AM" works with speech input.
      aria-label={intl.formatMessage({ id: 'components.userDropdown.label', defaultMessage: 'Account menu ({initials})' }, { initials: letters })}
      data-testid="user-dropdown"
      {...props}
    >
      <Group gap={6} wrap="nowrap">
        <Avatar src={avatarUrl ?? null} radius="xl" size="sm" color="green" alt="">
          {letters}
        </Avatar>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
