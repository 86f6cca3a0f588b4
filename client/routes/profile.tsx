import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../components/loading-screen';
import { PageTitle } from '../components/page-title';
import { LanguageSelect } from '../features/profile/language-select';
import { PasswordForm } from '../features/profile/password-form';
import { ProfileDetailsForm } from '../features/profile/profile-details-form';
import { TwoFactorSection } from '../features/two-factor/two-factor-section';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { ErrorAlert } from '../components/status-alerts';

export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useQuery(trpc.profile.get.queryOptions());
  const policy = useQuery({ ...trpc.auth.passwordPolicy.queryOptions(), staleTime: Infinity });

  return (
    <Stack maw={960}>
      <PageTitle>{t('pages.profile.title')}</PageTitle>
      {profile.isPending && <LoadingScreen fullHeight={false} />}
      {profile.isError && <ErrorAlert>{errorMessage(t, profile.error)}</ErrorAlert>}
      {profile.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                {t('profile.details')}
              </Title>
              <ProfileDetailsForm key={profile.data.user_id} profile={profile.data} />
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                {t('profile.languageSection')}
              </Title>
              <LanguageSelect />
            </Paper>
          </Stack>
          <Stack>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                {t('profile.password.title')}
              </Title>
              {policy.data ? <PasswordForm policy={policy.data} /> : <LoadingScreen fullHeight={false} />}
            </Paper>
            <TwoFactorSection />
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
}
