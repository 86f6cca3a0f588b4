import { completeOutput, linkTokenInput, validateTokenOutput } from '../../contracts/assessments';
import { startCallOutput } from '../../contracts/calls';
import { completeLink, startLinkCall, validateLink } from '../../services/assessments/candidate';
import { router } from '../../trpc/init';
import { guestLinkProcedure } from '../guest-link';

const link = guestLinkProcedure('Assessment link');

/**
 * The candidate's browser (no account): every call carries the link's id and token (the paths
 * /assessments/validate-token and /assessments/complete, exempt from the sign-in redirect).
 */
export const assessmentLinkRouter = router({
  validate: link({
    path: '/api/v1/assessments/validate-token',
    errors: ['ASSESSMENT_LINK_INVALID', 'ASSESSMENT_LINK_EXPIRED', 'ASSESSMENT_LINK_USED'],
    summary: "Validate a candidate's link; answers what the intro shows",
  })
    .input(linkTokenInput)
    .output(validateTokenOutput)
    .mutation(({ ctx, input }) => validateLink({ ...ctx.deps, id: input.assessment_id, token: input.token })),

  start: link({
    path: '/api/v1/assessments/start-call',
    errors: ['ASSESSMENT_LINK_INVALID', 'ASSESSMENT_LINK_EXPIRED', 'ASSESSMENT_LINK_USED'],
    summary: "Start the link's one call; answers the call and its single-use socket ticket",
  })
    .input(linkTokenInput)
    .output(startCallOutput)
    .mutation(({ ctx, input }) => startLinkCall({ ...ctx.deps, id: input.assessment_id, token: input.token })),

  complete: link({
    path: '/api/v1/assessments/complete',
    errors: ['ASSESSMENT_LINK_INVALID'],
    summary: 'Where the assessment stands after the call (the thank-you page)',
  })
    .input(linkTokenInput)
    .output(completeOutput)
    .mutation(({ ctx, input }) => completeLink({ ...ctx.deps, id: input.assessment_id, token: input.token })),
});
