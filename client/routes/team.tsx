import { TitledPage } from '../components/page-title';
import { TeamView } from '../features/team/team-page';

export default function TeamPage() {
  return <TitledPage titleKey="pages.team.title" panel={TeamView} />;
}
