import { PlaceholderPage } from '../components/placeholder-page';

export default function PrivacyPage() {
  return <PlaceholderPage titleKey="pages.privacy.title" noteKey="pages.privacy.text" />;
}
