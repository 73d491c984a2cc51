import { useRef, useState } from 'react';

/**
 * A menu whose code (Mantine Menu and its positioning library) is not part of the first load: the
 * trigger button renders at once, fetches the menu's code when the pointer, the focus or a tap
 * reaches it, and a click opens the menu (as soon as its code is there). The loaded menu replaces the
 * button only then, so that no click is lost to a button swapped under the pointer.
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
  // Loaded already (opened on an earlier page): the menu itself from the start, closed.
  const [loadedAtMount] = useState(() => deferred.current() !== null);
  const [module, setModule] = useState<M | null>(deferred.current);
  const prefetch = () => void deferred.load();
  const triggerProps = {
    onPointerEnter: prefetch,
    onTouchStart: prefetch,
    onFocus: prefetch,
    onClick: () => void deferred.load().then((loaded) => setModule(() => loaded)),
  };
  /** The menu that replaces the button after its click opens at once (and takes the focus, as a click on it would). */
  const menuProps = { defaultOpened: !loadedAtMount };
  return { module, triggerProps, menuProps };
}

/**
 * For the menu that replaced the button after its click: the button the focus returns to when that
 * first opening closes (Mantine returns it to the element focused before the opening: the replaced
 * button, gone by then).
 */
export function useFirstCloseFocus(defaultOpened: boolean) {
  const target = useRef<HTMLButtonElement>(null);
  const pending = useRef(defaultOpened);
  const onClose = () => {
    if (!pending.current) return;
    pending.current = false;
    requestAnimationFrame(() => target.current?.focus());
  };
  return { target, onClose };
}
