import { useEffect, useState, type RefObject } from 'react';

/**
 * A menu whose code (Mantine Menu and its positioning library) is not part of the first load: the
 * trigger button renders at once and loads the menu when the pointer, the focus or a tap reaches it;
 * a click made before the menu arrived opens it as soon as it has.
 */
export function deferredModule<M>(importer: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    current: () => loaded,
    load: () => (loading ??= importer().then((module) => (loaded = module))),
  };
}

export function useDeferredMenu<M>(deferred: ReturnType<typeof deferredModule<M>>) {
  const [module, setModule] = useState<M | null>(deferred.current);
  const [opened, setOpened] = useState(false);
  const [focused, setFocused] = useState(false);
  const load = () => {
    if (!module) void deferred.load().then((loaded) => setModule(() => loaded));
  };
  const triggerProps = {
    onPointerEnter: load,
    onTouchStart: load,
    onFocus: () => {
      setFocused(true);
      load();
    },
    onBlur: () => setFocused(false),
    onClick: () => {
      setOpened(true);
      load();
    },
  };
  /** For the loaded menu: open it if it was clicked, else give its button the focus the placeholder had. */
  const menuProps = { defaultOpened: opened, restoreFocus: focused && !opened };
  return { module, triggerProps, menuProps };
}

/** In the loaded menu: the button replaced the one that had the focus; keep the keyboard where it was. */
export function useRestoredFocus(ref: RefObject<HTMLElement | null>, restore: boolean) {
  useEffect(() => {
    if (restore) ref.current?.focus();
    // Only when the menu first mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
