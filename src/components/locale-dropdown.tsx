import type { AppLocale } from '~/lib/locale';
import { deferredModule, useDeferredMenu } from './deferred-menu';
import { LocaleButton } from './locale-button';

const localeMenu = deferredModule(() => import('./locale-menu'));

/** The language switcher: its menu loads when the visitor reaches for the button (deferred-menu). */
export function LocaleDropdown({ value, onChange }: { value: AppLocale; onChange: (locale: AppLocale) => void }) {
  const { module, triggerProps, menuProps } = useDeferredMenu(localeMenu);
  if (module) return <module.LocaleMenu value={value} onChange={onChange} {...menuProps} />;
  return <LocaleButton value={value} {...triggerProps} />;
}
