import { initials } from '~/lib/avatar';
import { deferredModule, useDeferredMenu } from './deferred-menu';
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

const userMenu = deferredModule(() => import('./user-menu'));

/**
 * SPEC §2's user dropdown: avatar initials and e-mail, links to profile and settings, sign out. Its
 * menu loads when the visitor reaches for the button (deferred-menu).
 */
export function UserDropdown(props: UserDropdownProps) {
  const { module, triggerProps, menuProps } = useDeferredMenu(userMenu);
  const letters = initials(props.name || props.lastName ? props.name : props.email, props.lastName);
  if (module) return <module.UserMenu {...props} letters={letters} {...menuProps} />;
  return <UserButton letters={letters} avatarUrl={props.avatarUrl} {...triggerProps} />;
}
