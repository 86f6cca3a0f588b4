import { Pagination, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParam } from '../lib/use-search-param';

type SetParam<T> = (value: T, options?: { replace?: boolean }) => void;

/** A `?<name>=` filter among fixed values: anything else in the address reads as no filter. */
export function useChoiceParam<V extends string>(name: string, values: readonly V[]) {
  const [raw, set] = useSearchParam(name);
  const value = (values as readonly string[]).includes(raw ?? '') ? (raw as V) : undefined;
  return [value, set] as const;
}

/**
 * The `?q=` search of a paged list: `typed` follows the box, and the search is applied a moment
 * after typing stops, from page 1.
 */
export function useListSearch(setPage: SetParam<number>) {
  const [raw, setSearch] = useSearchParam('q');
  const search = raw ?? '';
  const [typed, setTyped] = useState(search);
  useEffect(() => {
    const id = setTimeout(() => {
      if (typed.trim() === search) return;
      setSearch(typed.trim() || null, { replace: true });
      setPage(1, { replace: true });
    }, 300);
    return () => clearTimeout(id);
  }, [typed]); // eslint-disable-line react-hooks/exhaustive-deps
  return { search, typed, setTyped };
}

/** The search box of a list, for useListSearch's `typed`. */
export function SearchBox({
  label,
  value,
  onChange,
  w,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  w: number;
}) {
  return (
    <TextInput
      label={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={w}
      maw="100%"
    />
  );
}

interface FilterProps {
  label: string;
  /** The first choice, which filters nothing. */
  allLabel: string;
  options: { value: string; label: string }[];
  value: string | undefined;
  /** Sets the filter's query-string parameter (null: all); the list goes back to page 1. */
  onChange: SetParam<string | null>;
  setPage: SetParam<number>;
  w: number;
  maw?: string;
}

/** A list filter kept in the query string. */
export function FilterSelect({ label, allLabel, options, value, onChange, setPage, w, maw }: FilterProps) {
  return (
    <Select
      label={label}
      data={[{ value: '', label: allLabel }, ...options]}
      value={value ?? ''}
      onChange={(v) => {
        onChange(v || null, { replace: true });
        setPage(1, { replace: true });
      }}
      allowDeselect={false}
      w={w}
      maw={maw}
    />
  );
}

/** The page links under a paged list, when there is more than one page; `controlLabel` names its arrow controls. */
export function ListPager({
  pages,
  page,
  setPage,
  controlLabel,
}: {
  pages: number;
  page: number;
  setPage: SetParam<number>;
  controlLabel: (control: string) => string;
}) {
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={(p) => setPage(p)}
      getControlProps={(c) => ({ 'aria-label': controlLabel(c) })}
    />
  );
}
