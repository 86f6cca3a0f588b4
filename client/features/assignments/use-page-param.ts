import { useSearchParams } from 'wouter';
import { parsePage } from './paging';

/**
 * A 1-based page number kept in `?<name>=` (absent on page 1) so a reload, the back button or a
 * shared link shows the same page. Moving pages pushes a history entry unless `replace` is set.
 */
export function usePageParam(name: string): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get(name));
  const setPage = (next: number, { replace = false }: { replace?: boolean } = {}) => {
    if (next === page) return;
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next <= 1) p.delete(name);
        else p.set(name, String(next));
        return p;
      },
      { replace },
    );
  };
  return [page, setPage];
}
