import { TitledPage } from '../components/page-title';
import { PersonasPanel } from '../features/personas/personas-panel';

export default function PersonasPage() {
  return <TitledPage titleKey="pages.personas.title" panel={PersonasPanel} />;
}
