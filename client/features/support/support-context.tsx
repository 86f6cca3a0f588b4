import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

// the dialog (its form and schema) loads the first time it is opened, not with every page
const SupportModal = lazy(() => import('./support-modal').then((m) => ({ default: m.SupportModal })));

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
      {opened && (
        <Suspense fallback={null}>
          <SupportModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </SupportContext.Provider>
  );
}

export function useSupport(): SupportContextValue {
  const ctx = useContext(SupportContext);
  if (!ctx) throw new Error('useSupport must be used inside SupportProvider');
  return ctx;
}
