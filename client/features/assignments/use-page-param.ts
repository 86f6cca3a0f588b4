import { useSearchParam } from '../../lib/use-search-param';
import { parsePage } from './paging';

/**
 * A 1-based page number kept in `?<name>=` (absent on page 1) so a reload, the back button or a
 * shared link shows the same page. Moving pages pushes a history entry unless `replace` is set.
 */
export function usePageParam(name: string): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [raw, setRaw] = useSearchParam(name);
  const page = parsePage(raw);
  const setPage = (next: number, options: { replace?: boolean } = {}) => {
    if (next !== page) setRaw(next <= 1 ? null : String(next), options);
  };
  return [page, setPage];
}
