import { PlaceholderPage } from '../components/placeholder-page';

export default function ContactPage() {
  return <PlaceholderPage titleKey="pages.contact.title" noteKey="pages.contact.text" />;
}
