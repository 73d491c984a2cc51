import { LoadingOverlay } from '@mantine/core';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface FullscreenOverlay {
  visible: boolean;
  show: () => void;
  hide: () => void;
}

const Context = createContext<FullscreenOverlay | null>(null);

/** SPEC §4: the fullscreen overlay is an on/off flag, shown over everything while long work runs. */
export function FullscreenOverlayProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const value = useMemo(() => ({ visible, show: () => setVisible(true), hide: () => setVisible(false) }), [visible]);
  return (
    <Context.Provider value={value}>
      <LoadingOverlay visible={visible} pos="fixed" zIndex={1000} overlayProps={{ blur: 2 }} />
      {children}
    </Context.Provider>
  );
}

export function useFullscreenOverlay(): FullscreenOverlay {
  const value = useContext(Context);
  if (!value) throw new Error('useFullscreenOverlay must be used inside FullscreenOverlayProvider');
  return value;
}
