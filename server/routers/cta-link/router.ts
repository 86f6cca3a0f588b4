import {
  ctaBookedOutput,
  ctaBookingFailedOutput,
  ctaCompleteOutput,
  ctaLinkInput,
  ctaReportInput,
  ctaReportOutput,
  ctaValidateOutput,
} from '../../contracts/campaigns';
import { startCallOutput } from '../../contracts/calls';
import {
  completeMagicLink,
  guestReport,
  markMagicLinkBooked,
  markMagicLinkBookingFailed,
  startMagicLinkCall,
  validateMagicLink,
} from '../../services/campaigns/guest';
import { router } from '../../trpc/init';
import { guestLinkProcedure } from '../guest-link';

const guest = guestLinkProcedure('Magic link');

/** A service's request for the link the guest holds (its id and token), with the server's dependencies. */
const linkRequest = <D>(ctx: { deps: D }, input: { cta_id: string; token: string }) => ({
  ...ctx.deps,
  id: input.cta_id,
  token: input.token,
});

/**
 * The campaign guest's browser (no account): every call carries the link's id and token (the paths
 * /cta/validate-token, /cta/mark-started, /cta/complete, /cta/reports/{id}; exempt from the
 * sign-in redirect).
 */
export const ctaLinkRouter = router({
  validate: guest({
    path: '/api/v1/cta/validate-token',
    errors: ['MAGIC_LINK_INVALID', 'MAGIC_LINK_EXPIRED', 'MAGIC_LINK_USED', 'MAGIC_LINK_STARTED', 'CONFLICT'],
    summary: "Open a guest's magic link: counts the click, answers what the intro shows",
  })
    .input(ctaLinkInput)
    .output(ctaValidateOutput)
    .mutation(({ ctx, input }) => validateMagicLink(linkRequest(ctx, input))),

  markStarted: guest({
    path: '/api/v1/cta/mark-started',
    errors: ['MAGIC_LINK_INVALID', 'MAGIC_LINK_EXPIRED', 'MAGIC_LINK_USED', 'MAGIC_LINK_STARTED'],
    summary: "Start the link's one demo call; answers the call and its single-use socket ticket",
  })
    .input(ctaLinkInput)
    .output(startCallOutput)
    .mutation(({ ctx, input }) => startMagicLinkCall(linkRequest(ctx, input))),

  complete: guest({
    path: '/api/v1/cta/complete',
    errors: ['MAGIC_LINK_INVALID'],
    summary: 'Where the link stands after the call (the thank-you page)',
  })
    .input(ctaLinkInput)
    .output(ctaCompleteOutput)
    .mutation(({ ctx, input }) => completeMagicLink(linkRequest(ctx, input))),

  report: guest({
    method: 'GET',
    path: '/api/v1/cta/reports/{id}',
    errors: ['MAGIC_LINK_INVALID', 'NOT_FOUND'],
    summary: "The guest's report and the Book-a-Call step, with the link's token",
  })
    .input(ctaReportInput)
    .output(ctaReportOutput)
    .query(({ ctx, input }) => guestReport({ ...ctx.deps, id: input.id, token: input.token })),

  booked: guest({
    path: '/api/v1/cta/booked',
    errors: ['MAGIC_LINK_INVALID', 'NOT_FOUND'],
    summary: "The guest booked a call in the campaign's scheduler (seen by their browser)",
  })
    .input(ctaLinkInput)
    .output(ctaBookedOutput)
    .mutation(({ ctx, input }) => markMagicLinkBooked(linkRequest(ctx, input))),

  bookingFailed: guest({
    path: '/api/v1/cta/booking-failed',
    errors: ['MAGIC_LINK_INVALID', 'NOT_FOUND'],
    summary: "The campaign's scheduler did not load in the guest's browser (kept for the campaign's owner)",
  })
    .input(ctaLinkInput)
    .output(ctaBookingFailedOutput)
    .mutation(({ ctx, input }) => markMagicLinkBookingFailed(linkRequest(ctx, input))),
});
