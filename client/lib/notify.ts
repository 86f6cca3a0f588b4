import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorMessage } from './errors';

/** The one way to tell the user an action worked. */
export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}

/** The failure title ("Failed to create persona") with the server's translated reason. */
export function notifyFailure(t: TFunction, title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: errorMessage(t, error) });
}

/** A failure whose message is already known (a form-level or client-side reason). */
export function notifyError(message: string, title?: string) {
  notifications.show({ color: 'red', title, message });
}

/** Any other notice (retry started, partial success): the colour says how it went. */
export function notifyNotice(color: string, message: string, title?: string, autoClose?: number) {
  notifications.show({ color, title, message, ...(autoClose === undefined ? {} : { autoClose }) });
}
