import { useCallback, useEffect, useState } from 'react';

/** At this width or narrower the sidebar closes (and overlays when opened). */
const NARROW_QUERY = '(max-width: 768px)';

const isNarrow = () => typeof window !== 'undefined' && window.matchMedia(NARROW_QUERY).matches;

/** Open on wide windows; closes when the window becomes narrow, reopens when it becomes wide. */
export function useSidebar() {
  const [opened, setOpened] = useState(() => !isNarrow());
  const [narrow, setNarrow] = useState(isNarrow);

  useEffect(() => {
    const mql = window.matchMedia(NARROW_QUERY);
    const onChange = (e: MediaQueryListEvent) => {
      setNarrow(e.matches);
      setOpened(!e.matches);
    };
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);

  const toggle = useCallback(() => setOpened((o) => !o), []);
  /** After following a link on a narrow screen the overlaying sidebar gets out of the way. */
  const closeIfNarrow = useCallback(() => {
    if (isNarrow()) setOpened(false);
  }, []);
  return { opened, narrow, toggle, closeIfNarrow };
}
