import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { ScorecardsPanel } from '../features/scorecards/scorecards-panel';

export default function ScorecardsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.scorecards.title')}</PageTitle>
      <ScorecardsPanel />
    </>
  );
}
