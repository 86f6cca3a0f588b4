import { TitledPage } from '../components/page-title';
import { AssignmentsManager } from '../features/assignments/assignments-manager';

export default function AssignmentsPage() {
  return <TitledPage titleKey="pages.assignments.title" panel={AssignmentsManager} />;
}
