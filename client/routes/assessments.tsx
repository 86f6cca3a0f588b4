import { PlaceholderPage } from '../components/placeholder-page';

export default function AssessmentsPage() {
  return <PlaceholderPage titleKey="pages.assessments.title" />;
}
