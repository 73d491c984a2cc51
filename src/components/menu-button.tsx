import './menu-button.css';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';

/**
 * A menu button (WAI-ARIA APG "menu button" pattern) for the shell's small menus: the language and
 * the account menus. It replaces Mantine's Menu there, whose positioning library (floating-ui,
 * Popover, Menu: 28 kB gzip) every page would load for two short lists anchored to a button.
 *
 * Keyboard: Enter, Space or ↓ on the button open the menu on its first item, ↑ on its last; in the
 * menu ↓/↑ move (wrapping), Home/End go to the ends, Enter or Space choose, Escape closes and returns
 * to the button, Tab closes and moves on. A press outside closes it. The menu opens below the button,
 * aligned to its end, in a layer above the page (a portal, position fixed).
 */
export interface MenuButtonTriggerProps {
  ref: Ref<HTMLButtonElement>;
  id: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

interface Position {
  top: number;
  right: number;
}

const ITEM_SELECTOR = '[role="menuitem"]';

export function MenuButton({
  trigger,
  children,
  width,
}: {
  /** Renders the button with these props spread on it (its ref included). */
  trigger: (props: MenuButtonTriggerProps) => ReactElement;
  /** The menu's content: MenuButtonItem, MenuButtonLabel, MenuButtonDivider. */
  children: ReactNode;
  width?: number;
}) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<Position | null>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  const openAt = (which: 'first' | 'last') => {
    focusOnOpen.current = which;
    setOpen(true);
  };

  // Placed under the button before the first paint, then focused on the item asked for.
  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const place = () => {
      const rect = button.current!.getBoundingClientRect();
      setPosition({ top: rect.bottom + 4, right: Math.max(8, document.documentElement.clientWidth - rect.right) });
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open]);
  useEffect(() => {
    if (!open || !position) return;
    const list = items();
    (focusOnOpen.current === 'first' ? list[0] : list[list.length - 1])?.focus();
  }, [open, position]);

  // A press anywhere else closes the menu (the focus goes where the press put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menu.current?.contains(target) || button.current?.contains(target)) return;
      close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focus = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focus(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focus(index < 0 ? -1 : index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(-1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case ' ':
      case 'Enter':
        // Links answer Enter themselves; Space chooses too, as on a menu item.
        if (index >= 0 && (event.key === ' ' || list[index]!.tagName !== 'A')) {
          event.preventDefault();
          list[index]!.click();
        }
        break;
    }
  };

  return (
    <>
      {trigger({
        ref: button,
        id: buttonId,
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? menuId : undefined,
        onClick: () => (open ? close(false) : openAt('first')),
        onKeyDown: onTriggerKeyDown,
      })}
      {open
        ? createPortal(
            <div
              ref={menu}
              id={menuId}
              role="menu"
              aria-labelledby={buttonId}
              className="cita-menu"
              style={{ top: position?.top ?? 0, right: position?.right ?? 0, width, visibility: position ? 'visible' : 'hidden' }}
              onKeyDown={onMenuKeyDown}
              // A chosen item closes the menu (after its own click handler has run).
              onClick={(event) => {
                if ((event.target as HTMLElement).closest(ITEM_SELECTOR)) close(true);
              }}
            >
              {children}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

type ItemProps = {
  /** A link (href) or an action (onClick). */
  href?: string;
  onClick?: AnchorHTMLAttributes<HTMLElement>['onClick'];
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  color?: 'red';
  children: ReactNode;
} & Pick<AnchorHTMLAttributes<HTMLElement>, 'lang' | 'aria-current'>;

export function MenuButtonItem({ href, onClick, leftSection, rightSection, color, children, ...rest }: ItemProps) {
  const content = (
    <>
      {leftSection ? <span className="cita-menu-section">{leftSection}</span> : null}
      <span className="cita-menu-label">{children}</span>
      {rightSection ? <span className="cita-menu-section">{rightSection}</span> : null}
    </>
  );
  const common = { role: 'menuitem', tabIndex: -1, className: 'cita-menu-item', 'data-color': color, onClick, ...rest };
  return href ? (
    <a href={href} {...common}>
      {content}
    </a>
  ) : (
    <button type="button" {...common}>
      {content}
    </button>
  );
}

export function MenuButtonLabel({ children }: { children: ReactNode }) {
  return <div className="cita-menu-heading">{children}</div>;
}

export function MenuButtonDivider() {
  return <div role="separator" className="cita-menu-divider" />;
}
