import { NamedIcon } from '../../components/named-icon';

/** A simulation's icon; unknown names fall back to the phone. Decorative. */
export function SimulationIcon({ name, size }: { name: string; size?: number }) {
  return <NamedIcon name={name} fallback="phone" size={size} />;
}
