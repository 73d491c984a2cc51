import { Menu, Text } from '@mantine/core';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { useFirstCloseFocus } from './deferred-menu';
import { UserButton } from './user-button';
import type { UserDropdownProps } from './user-dropdown';

/** The user dropdown's menu: loaded by UserDropdown once the visitor reaches for the button. */
export function UserMenu({
  email,
  name,
  lastName,
  avatarUrl,
  profileHref,
  settingsHref,
  logoutHref,
  onNavigate,
  letters,
  defaultOpened,
}: UserDropdownProps & { letters: string; defaultOpened: boolean }) {
  const navigateTo = (href: string) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate(href);
  };
  const fullName = [name, lastName].filter(Boolean).join(' ');
  const { target, onClose } = useFirstCloseFocus(defaultOpened);
  return (
    <Menu position="bottom-end" withinPortal width={240} defaultOpened={defaultOpened} onClose={onClose}>
      <Menu.Target>
        <UserButton letters={letters} avatarUrl={avatarUrl} ref={target} />
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
