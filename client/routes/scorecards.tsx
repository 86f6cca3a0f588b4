import { TitledPage } from '../components/page-title';
import { ScorecardsPanel } from '../features/scorecards/scorecards-panel';

export default function ScorecardsPage() {
  return <TitledPage titleKey="pages.scorecards.title" panel={ScorecardsPanel} />;
}
