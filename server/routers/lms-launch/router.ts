import {
  lmsCompleteOutput,
  lmsLaunchInput,
  lmsLaunchOutput,
  lmsReportOutput,
  lmsStartInput,
  lmsStartOutput,
} from '../../contracts/lms';
import { launchProgress, launchReport, launchView, startLaunchCall } from '../../services/lms/launches';
import { router } from '../../trpc/init';
import { guestLinkProcedure } from '../guest-link';

const learner = guestLinkProcedure('Learning system launch');
const INVALID = ['LMS_LAUNCH_INVALID'] as const;

/**
 * The page a learning system opens (`/lms/launch/<id>#<token>`): no account session; every call
 * carries the launch's id and the launch token Spar signed for it.
 */
export const lmsLaunchRouter = router({
  view: learner({
    path: '/api/v1/lms/launch/view',
    errors: [...INVALID, 'LMS_LAUNCH_REFUSED'],
    summary: "What the learner's page shows: the exercise, and where its call stands",
  })
    .input(lmsLaunchInput)
    .output(lmsLaunchOutput)
    .mutation(({ ctx, input }) => launchView(ctx.deps.db, input)),

  start: learner({
    path: '/api/v1/lms/launch/start',
    errors: [...INVALID, 'LMS_LAUNCH_REFUSED', 'LMS_LAUNCH_STARTED', 'NOT_FOUND', 'CONFLICT'],
    summary: "Start the launch's call; answers the call and its single-use socket ticket",
  })
    .input(lmsStartInput)
    .output(lmsStartOutput)
    .mutation(({ ctx, input }) =>
      startLaunchCall(ctx.deps.db, ctx.deps.env, { id: input.id, token: input.token, stepId: input.step_id }),
    ),

  complete: learner({
    path: '/api/v1/lms/launch/complete',
    errors: [...INVALID],
    summary: "Where the launch's report stands after the call",
  })
    .input(lmsLaunchInput)
    .output(lmsCompleteOutput)
    .mutation(({ ctx, input }) => launchProgress(ctx.deps.db, input)),

  report: learner({
    path: '/api/v1/lms/launch/report',
    errors: [...INVALID],
    summary: "The report of the launch's call, as the learner sees it",
  })
    .input(lmsLaunchInput)
    .output(lmsReportOutput)
    .mutation(({ ctx, input }) => launchReport(ctx.deps.db, input)),
});
