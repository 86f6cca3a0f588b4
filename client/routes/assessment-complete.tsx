import { PlaceholderPage } from '../components/placeholder-page';

/** Shared by /assessment/complete and /magic-link/complete (spec §2). */
export default function AssessmentCompletePage() {
  return <PlaceholderPage titleKey="pages.assessmentComplete.title" noteKey="pages.assessmentComplete.text" />;
}
