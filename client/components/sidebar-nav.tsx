import { NavLink, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Me } from '../features/auth/use-me';
import { navLinksFor } from './nav-links';

export function SidebarNav({ me, onNavigate }: { me: Me; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <ScrollArea style={{ flex: 1 }}>
      {navLinksFor(me).map((link) => {
        const active = location === link.href || location.startsWith(`${link.href}/`);
        return (
          <NavLink
            key={link.key}
            component={Link}
            href={link.href}
            label={t(link.labelKey)}
            leftSection={<link.icon size={18} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </ScrollArea>
  );
}
