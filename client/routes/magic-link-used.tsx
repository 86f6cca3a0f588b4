import { PlaceholderPage } from '../components/placeholder-page';

export default function MagicLinkUsedPage() {
  return <PlaceholderPage titleKey="pages.magicLinkUsed.title" noteKey="pages.magicLinkUsed.text" />;
}
