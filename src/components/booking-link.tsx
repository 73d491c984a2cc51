import { ActionIcon, Anchor, CopyButton, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useIntl } from 'react-intl';

/** The public booking page's full address, opening in a new tab, with a button that copies it (settings and onboarding). */
export function BookingLink({ link }: { link: string }) {
  const intl = useIntl();
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor href={link} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {link} <IconExternalLink size={14} aria-hidden />
        <VisuallyHidden>{intl.formatMessage({ id: 'settings.onlineBooking.opensNewTab', defaultMessage: '(opens in a new tab)' })}</VisuallyHidden>
      </Anchor>
      <CopyButton value={link}>
        {({ copied, copy }) => {
          const label = copied
            ? intl.formatMessage({ id: 'settings.onlineBooking.copied', defaultMessage: 'Link copied' })
            : intl.formatMessage({ id: 'settings.onlineBooking.copy', defaultMessage: 'Copy the link' });
          return (
            <Tooltip label={label} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={label}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          );
        }}
      </CopyButton>
    </Group>
  );
}
