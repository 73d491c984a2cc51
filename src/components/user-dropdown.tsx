import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { initials } from '~/lib/avatar';

export interface UserDropdownProps {
  email: string;
  name?: string;
  lastName?: string;
  avatarUrl?: string;
  profileHref: string;
  settingsHref: string;
  /** A full-page address (/logout.html): signing out reloads the app. */
  logoutHref: string;
  /** In-app navigation for profile and settings (a plain link when absent). */
  onNavigate?: (href: string) => void;
}

/** SPEC §2's user dropdown: avatar initials and e-mail, links to profile and settings, sign out. */
export function UserDropdown({ email, name, lastName, avatarUrl, profileHref, settingsHref, logoutHref, onNavigate }: UserDropdownProps) {
  const intl = useIntl();
  const navigateTo = (href: string) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate(href);
  };
  const letters = initials(name || lastName ? name : email, lastName);
  const fullName = [name, lastName].filter(Boolean).join(' ');
  return (
    <Menu position="bottom-end" withinPortal width={240}>
      <Menu.Target>
        <UnstyledButton
          // WCAG 2.5.3: the name holds the visible text (the initials), so "click AM" works with speech input.
          aria-label={intl.formatMessage({ id: 'components.userDropdown.label', defaultMessage: 'Account menu ({initials})' }, { initials: letters })}
          data-testid="user-dropdown"
        >
          <Group gap={6} wrap="nowrap">
            <Avatar src={avatarUrl ?? null} radius="xl" size="sm" color="green" alt="">
              {letters}
            </Avatar>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {fullName ? (
            <Text size="sm" fw={600} c="bright" truncate>
              {fullName}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" truncate>
            {email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component="a" href={profileHref} onClick={navigateTo(profileHref)} leftSection={<IconUser size={16} aria-hidden />}>
          <FormattedMessage id="components.userDropdown.profile" defaultMessage="Profile" />
        </Menu.Item>
        <Menu.Item component="a" href={settingsHref} onClick={navigateTo(settingsHref)} leftSection={<IconSettings size={16} aria-hidden />}>
          <FormattedMessage id="components.userDropdown.settings" defaultMessage="Settings" />
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component="a" href={logoutHref} color="red" leftSection={<IconLogout size={16} aria-hidden />}>
          <FormattedMessage id="components.userDropdown.signOut" defaultMessage="Sign out" />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
