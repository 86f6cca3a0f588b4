import {
  IconBriefcase,
  IconBuilding,
  IconBulb,
  IconChartBar,
  IconFlag,
  IconHeadset,
  IconHeartHandshake,
  IconMessage,
  IconPhone,
  IconPhoneCall,
  IconRocket,
  IconSearch,
  IconShield,
  IconTarget,
  IconTrophy,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { NamedIcon } from '../../components/named-icon';
import type { SimulationIcon as IconName } from '../../../server/contracts/simulations';

/** The component for each icon name the server accepts (SIMULATION_ICONS). */
const SIMULATION_ICON_COMPONENTS: Record<IconName, Icon> = {
  phone: IconPhone,
  'phone-call': IconPhoneCall,
  headset: IconHeadset,
  briefcase: IconBriefcase,
  target: IconTarget,
  search: IconSearch,
  shield: IconShield,
  'heart-handshake': IconHeartHandshake,
  trophy: IconTrophy,
  rocket: IconRocket,
  message: IconMessage,
  users: IconUsers,
  building: IconBuilding,
  'chart-bar': IconChartBar,
  bulb: IconBulb,
  flag: IconFlag,
};

/** A simulation's icon; unknown names fall back to the phone. Decorative. */
export function SimulationIcon({ name, size = 20 }: { name: string; size?: number }) {
  return <NamedIcon icons={SIMULATION_ICON_COMPONENTS} fallback={IconPhone} name={name} size={size} />;
}
