import { PlaceholderPage } from '../components/placeholder-page';

export default function CtaPage() {
  return <PlaceholderPage titleKey="pages.cta.title" />;
}
