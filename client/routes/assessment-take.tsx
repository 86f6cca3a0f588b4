import { PlaceholderPage } from '../components/placeholder-page';

/** Shared by /assessment/:assessmentId and /magic-link/:ctaId (spec §2). */
export default function AssessmentTakePage() {
  return <PlaceholderPage titleKey="pages.assessmentTake.title" />;
}
