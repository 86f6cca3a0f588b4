import { PlaceholderPage } from '../components/placeholder-page';

/** /magic-link/:ctaId (spec §2): the campaign demo call, not built yet. */
export default function MagicLinkTakePage() {
  return <PlaceholderPage titleKey="pages.assessmentTake.title" />;
}
