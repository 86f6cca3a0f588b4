import type { Icon } from '@tabler/icons-react';

/** The icon a record names (scorecards, simulations); unknown names show the fallback. Decorative. */
export function NamedIcon({
  icons,
  fallback,
  name,
  size = 20,
}: {
  icons: Record<string, Icon>;
  fallback: Icon;
  name: string;
  size?: number;
}) {
  const Component = icons[name] ?? fallback;
  return <Component size={size} stroke={1.6} aria-hidden />;
}
