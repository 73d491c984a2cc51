// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MenuButton, MenuButtonItem } from './menu-button';
import { installDomShims } from './testing/install-dom-shims';

beforeAll(installDomShims);
afterEach(cleanup);

// Texts the test reads back (variables: the JSX holds no untranslated literals).
const TEXT = { before: 'before', language: 'Language', english: 'English', spanish: 'Español', elsewhere: 'Elsewhere' };

function renderMenu(onChoose = vi.fn()) {
  render(
    <MantineProvider>
      <button type="button">{TEXT.before}</button>
      <MenuButton trigger={(props) => <button type="button" {...props}>{TEXT.language}</button>}>
        <MenuButtonItem onClick={() => onChoose('en')}>{TEXT.english}</MenuButtonItem>
        <MenuButtonItem onClick={() => onChoose('es')}>{TEXT.spanish}</MenuButtonItem>
        <MenuButtonItem href="/elsewhere">{TEXT.elsewhere}</MenuButtonItem>
      </MenuButton>
    </MantineProvider>,
  );
  return { button: screen.getByRole('button', { name: 'Language' }), onChoose };
}

const focused = () => document.activeElement?.textContent;
const key = (target: Element, name: string) => act(() => void fireEvent.keyDown(target, { key: name }));

describe('MenuButton', () => {
  it('is a closed menu button until it is used', () => {
    const { button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard on its first item (Enter, Space, ↓) or its last (↑), labelled by the button', () => {
    const { button } = renderMenu();
    key(button, 'Enter');
    const menu = screen.getByRole('menu');
    expect(menu.getAttribute('aria-labelledby')).toBe(button.id);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(focused()).toBe('English');
    key(menu, 'Escape');
    key(button, 'ArrowUp');
    expect(focused()).toBe('Elsewhere');
    key(screen.getByRole('menu'), 'Escape');
    key(button, ' ');
    expect(focused()).toBe('English');
  });

  it('moves with the arrows (wrapping), Home and End, and chooses with Enter or Space', () => {
    const { button, onChoose } = renderMenu();
    key(button, 'ArrowDown');
    const menu = screen.getByRole('menu');
    key(menu, 'ArrowUp');
    expect(focused()).toBe('Elsewhere');
    key(menu, 'ArrowDown');
    expect(focused()).toBe('English');
    key(menu, 'End');
    expect(focused()).toBe('Elsewhere');
    key(menu, 'Home');
    key(menu, 'ArrowDown');
    expect(focused()).toBe('Español');
    key(menu, ' ');
    expect(onChoose).toHaveBeenCalledWith('es');
    // Choosing closes the menu and gives the focus back to the button.
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    key(button, 'Enter');
    key(screen.getByRole('menu'), 'Enter');
    expect(onChoose).toHaveBeenLastCalledWith('en');
  });

  it('closes on Escape (focus back on the button), on Tab and on a press outside', () => {
    const { button } = renderMenu();
    key(button, 'Enter');
    key(screen.getByRole('menu'), 'Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    act(() => void fireEvent.click(button));
    expect(screen.getByRole('menu')).toBeTruthy();
    key(screen.getByRole('menu'), 'Tab');
    expect(screen.queryByRole('menu')).toBeNull();

    act(() => void fireEvent.click(button));
    act(() => void fireEvent.pointerDown(screen.getByRole('button', { name: 'before' })));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('renders links as links and actions as buttons, both menu items out of the tab order', () => {
    renderMenu();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Language' })));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.tagName)).toEqual(['BUTTON', 'BUTTON', 'A']);
    expect(items[2]!.getAttribute('href')).toBe('/elsewhere');
    expect(items.every((item) => item.tabIndex === -1)).toBe(true);
  });
});
