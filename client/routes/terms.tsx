import { PlaceholderPage } from '../components/placeholder-page';

export default function TermsPage() {
  return <PlaceholderPage titleKey="pages.terms.title" noteKey="pages.terms.text" />;
}
