import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The container (its transitions, swipe-to-dismiss and scrollbar handling, ~11 kB gzipped) loads
// when the first notification is shown, not with /login. `notifications.show` only writes to
// Mantine's store, which keeps the notification until the container is there to draw it.
const NotificationsContainer = lazy(() => import('./notifications-container'));

/** Draws the app's notifications (lib/notify.ts) from the first one on. */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
