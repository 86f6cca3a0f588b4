import { TitledPage } from '../components/page-title';
import { SimulationsPanel } from '../features/simulations/simulations-panel';

export default function SimulationsPage() {
  return <TitledPage titleKey="pages.simulations.title" panel={SimulationsPanel} />;
}
