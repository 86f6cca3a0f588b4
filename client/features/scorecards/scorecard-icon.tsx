import { NamedIcon } from '../../components/named-icon';

/** A scorecard's icon; unknown names (older data) fall back to the clipboard. Decorative. */
export function ScorecardIcon({ name, size }: { name: string; size?: number }) {
  return <NamedIcon name={name} fallback="clipboard-check" size={size} />;
}
