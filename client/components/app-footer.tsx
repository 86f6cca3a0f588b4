import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function AppFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    // right padding keeps the links clear of the floating help button
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      py="md"
      pr={72}
      mt="xl"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text size="sm" c="dimmed">
        {t('footer.copyright', { year })}
      </Text>
      <Group gap="md" component="nav" aria-label={t('footer.label')}>
        <Anchor component={Link} href="/terms" size="sm" c="dimmed">
          {t('footer.terms')}
        </Anchor>
        <Anchor component={Link} href="/privacy" size="sm" c="dimmed">
          {t('footer.privacy')}
        </Anchor>
        <Anchor component={Link} href="/contact" size="sm" c="dimmed">
          {t('footer.contact')}
        </Anchor>
      </Group>
    </Group>
  );
}
