import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { SupportModal } from './support-modal';

interface SupportContextValue {
  openSupport: () => void;
}

const SupportContext = createContext<SupportContextValue | null>(null);

/** Hosts the one Contact Support dialog; the help button and the no-role page open it. */
export function SupportProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const openSupport = useCallback(() => setOpened(true), []);
  const value = useMemo(() => ({ openSupport }), [openSupport]);
  return (
    <SupportContext.Provider value={value}>
      {children}
      <SupportModal opened={opened} onClose={() => setOpened(false)} />
    </SupportContext.Provider>
  );
}

export function useSupport(): SupportContextValue {
  const ctx = useContext(SupportContext);
  if (!ctx) throw new Error('useSupport must be used inside SupportProvider');
  return ctx;
}
