import { TitledPage } from '../components/page-title';
import { ProgressPanel } from '../features/progress/progress-panel';

/** /progress — levels by criterion across calls: one's own, or (managers) a team member's. */
export default function ProgressPage() {
  return <TitledPage titleKey="pages.progress.title" panel={ProgressPanel} />;
}
