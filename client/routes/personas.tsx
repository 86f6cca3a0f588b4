import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { PersonasPanel } from '../features/personas/personas-panel';

export default function PersonasPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.personas.title')}</PageTitle>
      <PersonasPanel />
    </>
  );
}
