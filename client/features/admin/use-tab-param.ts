import { useSearchParams } from 'wouter';

/** The selected tab, kept in `?tab=` so a reload or a shared link opens the same tab. */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab = tabs.includes(current as T) ? (current as T) : fallback;
  const setTab = (next: string | null) => {
    if (!next || next === tab) return;
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === fallback) p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  };
  return [tab, setTab];
}
