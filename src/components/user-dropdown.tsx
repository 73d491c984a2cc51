import { Text } from '@mantine/core';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { initials } from '~/lib/avatar';
import { MenuButton, MenuButtonDivider, MenuButtonItem, MenuButtonLabel } from './menu-button';
import { UserButton } from './user-button';

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
  const letters = initials(name || lastName ? name : email, lastName);
  const navigateTo = (href: string) => (event: React.MouseEvent<HTMLElement>) => {
    if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate(href);
  };
  const fullName = [name, lastName].filter(Boolean).join(' ');
  return (
    <MenuButton width={240} trigger={(props) => <UserButton letters={letters} avatarUrl={avatarUrl} {...props} />}>
      <MenuButtonLabel>
        {fullName ? (
          <Text size="sm" fw={600} c="bright" truncate>
            {fullName}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" truncate>
          {email}
        </Text>
      </MenuButtonLabel>
      <MenuButtonDivider />
      <MenuButtonItem href={profileHref} onClick={navigateTo(profileHref)} leftSection={<IconUser size={16} aria-hidden />}>
        <FormattedMessage id="components.userDropdown.profile" defaultMessage="Profile" />
      </MenuButtonItem>
      <MenuButtonItem href={settingsHref} onClick={navigateTo(settingsHref)} leftSection={<IconSettings size={16} aria-hidden />}>
        <FormattedMessage id="components.userDropdown.settings" defaultMessage="Settings" />
      </MenuButtonItem>
      <MenuButtonDivider />
      <MenuButtonItem href={logoutHref} color="red" leftSection={<IconLogout size={16} aria-hidden />}>
        <FormattedMessage id="components.userDropdown.signOut" defaultMessage="Sign out" />
      </MenuButtonItem>
    </MenuButton>
  );
}
