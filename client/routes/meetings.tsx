import { PlaceholderPage } from '../components/placeholder-page';

export default function MeetingsPage() {
  return <PlaceholderPage titleKey="pages.meetings.title" />;
}
