import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorMessage } from './errors';

/** The one way to tell the user an action worked. */
export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}

/** The spec §8 failure title ("Failed to create persona") with the server's translated reason. */
export function notifyFailure(t: TFunction, title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: errorMessage(t, error) });
}
