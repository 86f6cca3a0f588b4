import { TitledPage } from '../components/page-title';
import { ManagerDashboard } from '../features/dashboard/manager-dashboard';

export default function DashboardPage() {
  return <TitledPage titleKey="pages.dashboard.title" panel={ManagerDashboard} />;
}
