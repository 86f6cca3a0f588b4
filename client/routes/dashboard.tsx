import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { ManagerDashboard } from '../features/dashboard/manager-dashboard';

export default function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.dashboard.title')}</PageTitle>
      <ManagerDashboard />
    </>
  );
}
