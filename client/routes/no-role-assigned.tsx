import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { useLogout } from '../features/auth/use-logout';
import { useSupport } from '../features/support/support-context';

export default function NoRoleAssignedPage() {
  const { t } = useTranslation();
  const { openSupport } = useSupport();
  const { logout, pending } = useLogout();
  return (
    <Paper maw={560} mx="auto" p={{ base: 'md', sm: 'xl' }} withBorder>
      <Stack>
        <PageTitle size="h2">{t('noRole.title')}</PageTitle>
        <Text>{t('noRole.text')}</Text>
        <Group>
          <Button onClick={openSupport}>{t('noRole.contactSupport')}</Button>
          <Button variant="default" onClick={() => void logout()} loading={pending}>
            {t('noRole.signOut')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
