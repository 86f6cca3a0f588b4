import { users } from './auth';
import { linkId, stamps } from './columns';

/**
 * The last columns of a record a person makes and edits (a simulation, a campaign and its links,
 * a webhook endpoint): who created it (cleared when that user is deleted), then when it was
 * created and last changed. Here and not in columns.ts, which auth.ts itself builds on.
 */
export const authored = () => ({ createdBy: linkId(() => users.id), ...stamps() });
