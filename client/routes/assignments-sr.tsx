import { TitledPage } from '../components/page-title';
import { MyAssignments } from '../features/assignments/my-assignments';

export default function AssignmentsSrPage() {
  return <TitledPage titleKey="pages.assignmentsSr.title" panel={MyAssignments} />;
}
