import type { LinkCallApi } from '../calls/link-backend';
import { trpcClient } from '../../lib/trpc';
import type { LmsLaunchCredentials } from '../../../server/contracts/lms';

/** The learner's page procedures: each carries the launch's id and its signed token. */
export const launchApi = {
  view: (l: LmsLaunchCredentials) => trpcClient.lmsLaunch.view.mutate(l),
  report: (l: LmsLaunchCredentials) => trpcClient.lmsLaunch.report.mutate(l),
};

/** The launch's call (a certification launch: at `stepId`). */
export const launchCallApi = (l: LmsLaunchCredentials, stepId?: string): LinkCallApi => ({
  key: `${l.id}:${stepId ?? 'simulation'}:${l.token.slice(-16)}`,
  start: () => trpcClient.lmsLaunch.start.mutate({ ...l, step_id: stepId }),
  complete: () => trpcClient.lmsLaunch.complete.mutate(l),
});

/**
 * Tells the page that framed this one (a SCORM package in its LMS) that the launch changed, so it
 * asks Spar for the result at once instead of at its next poll. Nothing is in the message but the
 * launch id; the package reads the result with its own token.
 */
export function tellCourse(launchId: string) {
  if (window.parent !== window) window.parent.postMessage({ type: 'spar-lms-launch-changed', launchId }, '*');
}
