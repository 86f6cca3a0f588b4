import {
  IconBulb,
  IconChartBar,
  IconClipboardCheck,
  IconCompass,
  IconEar,
  IconFlag,
  IconHeartHandshake,
  IconMessage,
  IconMessageQuestion,
  IconPhone,
  IconRocket,
  IconSearch,
  IconShield,
  IconTarget,
  IconTrophy,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { NamedIcon } from '../../components/named-icon';
import type { ScorecardIcon as IconName } from '../../../server/contracts/scorecards';

/** The component for each icon name the server accepts (SCORECARD_ICONS). */
const SCORECARD_ICON_COMPONENTS: Record<IconName, Icon> = {
  'clipboard-check': IconClipboardCheck,
  target: IconTarget,
  search: IconSearch,
  shield: IconShield,
  phone: IconPhone,
  message: IconMessage,
  trophy: IconTrophy,
  'chart-bar': IconChartBar,
  bulb: IconBulb,
  'heart-handshake': IconHeartHandshake,
  users: IconUsers,
  rocket: IconRocket,
  flag: IconFlag,
  compass: IconCompass,
  ear: IconEar,
  'message-question': IconMessageQuestion,
};

/** A scorecard's icon; unknown names (older data) fall back to the clipboard. Decorative. */
export function ScorecardIcon({ name, size = 20 }: { name: string; size?: number }) {
  return <NamedIcon icons={SCORECARD_ICON_COMPONENTS} fallback={IconClipboardCheck} name={name} size={size} />;
}
