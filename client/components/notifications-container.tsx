import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's notification container; loaded by NotificationsHost with the first notification. */
export default function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
