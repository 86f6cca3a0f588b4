import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconLanguage, IconLogout, IconSelector, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { displayHandle, type Me } from '../features/auth/use-me';
import { useLogout } from '../features/auth/use-logout';
import { useChangeLanguage } from '../features/i18n/use-change-language';
import { currentLanguage, LANGUAGES } from '../lib/i18n';

export function UserMenu({ me, onNavigate }: { me: Me; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { logout } = useLogout();
  const { changeLanguage } = useChangeLanguage();
  const handle = displayHandle(me);
  const active = currentLanguage();

  return (
    <Menu position="top-start" width={240} withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={t('userMenu.label')}
          w="100%"
          p="xs"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap="sm" wrap="nowrap">
            <Avatar src={me.user.photoUrl} radius="xl" size="md" alt="">
              {handle.slice(0, 2).toUpperCase()}
            </Avatar>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {handle}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {me.client_info.client_name}
              </Text>
            </div>
            <IconSelector size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconSettings size={16} aria-hidden />}
          onClick={() => {
            onNavigate?.();
            navigate('/profile');
          }}
        >
          {t('userMenu.settings')}
        </Menu.Item>
        <Menu.Sub position="right-end">
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<IconLanguage size={16} aria-hidden />}>{t('userMenu.language')}</Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            {LANGUAGES.map((lng) => (
              <Menu.Item
                key={lng}
                lang={lng}
                rightSection={lng === active ? <IconCheck size={14} aria-hidden /> : null}
                aria-current={lng === active ? 'true' : undefined}
                onClick={() => void changeLanguage(lng)}
              >
                {t(`languages.${lng}`)}
              </Menu.Item>
            ))}
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
