import { useSearchParam } from '../../lib/use-search-param';

/** The selected tab, kept in `?tab=` so a reload or a shared link opens the same tab. */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: string | null) => void] {
  const [current, setCurrent] = useSearchParam('tab');
  const tab = tabs.includes(current as T) ? (current as T) : fallback;
  const setTab = (next: string | null) => {
    if (!next || next === tab) return;
    setCurrent(next === fallback ? null : next, { replace: true });
  };
  return [tab, setTab];
}
