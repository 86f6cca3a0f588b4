import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { SimulationsPanel } from '../features/simulations/simulations-panel';

export default function SimulationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.simulations.title')}</PageTitle>
      <SimulationsPanel />
    </>
  );
}
