import { useSearchParams } from 'wouter';

/**
 * One query-string parameter as state: its value (null when absent) and a setter that removes it
 * for null. Other parameters are kept; `replace` rewrites the history entry instead of adding one.
 */
export function useSearchParam(
  name: string,
): [string | null, (value: string | null, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null, { replace = false }: { replace?: boolean } = {}) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (value === null) p.delete(name);
        else p.set(name, value);
        return p;
      },
      { replace },
    );
  return [params.get(name), set];
}
