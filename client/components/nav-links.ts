import {
  IconAdjustments,
  IconCertificate,
  IconChartLine,
  IconClipboardCheck,
  IconLayoutDashboard,
  IconListCheck,
  IconMailForward,
  IconHeadset,
  IconMicrophone,
  IconShieldLock,
  IconTrophy,
  IconUserCheck,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { hasRole, type Role } from '../lib/roles';
import type { Me } from '../features/auth/use-me';

export interface NavLinkDef {
  key: string;
  labelKey: string;
  href: string;
  icon: Icon;
}

const MANAGERS: Role[] = ['admin', 'sales_manager'];

/**
 * Sidebar links for a user, by role. Meetings is linked for the internal client and internal
 * e-mail domains only, though its route is open to every signed-in user.
 */
export function navLinksFor(me: Me): NavLinkDef[] {
  const role = me.user.role;
  const links: (NavLinkDef & { show: boolean })[] = [
    {
      key: 'dashboard',
      labelKey: 'nav.dashboard',
      href: '/dashboard',
      icon: IconLayoutDashboard,
      show: hasRole(role, MANAGERS),
    },
    {
      key: 'simulations',
      labelKey: 'nav.simulations',
      href: '/simulations',
      icon: IconMicrophone,
      show: hasRole(role, MANAGERS),
    },
    {
      key: 'personas',
      labelKey: 'nav.personas',
      href: '/personas',
      icon: IconUserCircle,
      show: hasRole(role, MANAGERS),
    },
    {
      key: 'scorecards',
      labelKey: 'nav.scorecards',
      href: '/scorecards',
      icon: IconClipboardCheck,
      show: hasRole(role, MANAGERS),
    },
    { key: 'team', labelKey: 'nav.team', href: '/team', icon: IconUsers, show: hasRole(role, MANAGERS) },
    {
      key: 'assessments',
      labelKey: 'nav.assessments',
      href: '/assessments',
      icon: IconUserCheck,
      show: hasRole(role, MANAGERS),
    },
    // the CTA screen is sales_manager's and superuser's, not admin's (admin owns system configuration, not campaigns)
    { key: 'cta', labelKey: 'nav.cta', href: '/cta', icon: IconMailForward, show: hasRole(role, ['sales_manager']) },
    {
      key: 'assignments',
      labelKey: 'nav.assignments',
      href: role === 'sales_rep' ? '/assignments/sr' : '/assignments',
      icon: IconListCheck,
      show: true,
    },
    { key: 'progress', labelKey: 'nav.progress', href: '/progress', icon: IconChartLine, show: role !== null },
    { key: 'leaderboard', labelKey: 'nav.leaderboard', href: '/leaderboard', icon: IconTrophy, show: role !== null },
    {
      key: 'certifications',
      labelKey: 'nav.certifications',
      href: '/certifications',
      icon: IconCertificate,
      show: role !== null,
    },
    {
      key: 'meetings',
      labelKey: 'nav.meetings',
      href: '/meetings',
      icon: IconHeadset,
      show: me.internal && role !== null,
    },
    { key: 'admin', labelKey: 'nav.admin', href: '/admin', icon: IconAdjustments, show: hasRole(role, ['admin']) },
    {
      key: 'sparAdmin',
      labelKey: 'nav.sparAdmin',
      href: '/spar-admin',
      icon: IconShieldLock,
      show: role === 'superuser',
    },
  ];
  return links.filter((l) => l.show).map(({ show: _show, ...l }) => l);
}
