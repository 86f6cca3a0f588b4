import i18n from '../../lib/i18n';
import { errorMessage } from '../../lib/errors';
import { notifyError } from '../../lib/notify';

// One error translator for the whole client (client/lib/errors.ts documents its lookup order).
export { serverFieldErrors, translateMessageKey } from '../../lib/errors';
export { notifySuccess } from '../../lib/notify';

/** A failure title ("Failed to create client") with the server's translated reason below it. */
export function notifyFailure(title: string, error: unknown, reason?: string) {
  notifyError(reason ?? errorMessage(i18n.getFixedT(null, 'common'), error), title);
}

/** Namespaces of the admin screens: their own first, then `common` (errors, languages, app). */
export const CLIENTS_NS = ['clients', 'common'] as const;
export const PROMPTS_NS = ['prompts', 'common'] as const;
