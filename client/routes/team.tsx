import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { TeamView } from '../features/team/team-page';

export default function TeamPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.team.title')}</PageTitle>
      <TeamView />
    </>
  );
}
