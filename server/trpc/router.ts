import { analyticsRouter } from '../routers/analytics/router';
import { apiKeysRouter } from '../routers/api-keys/router';
import { assessmentLinkRouter } from '../routers/assessment-link/router';
import { assessmentsRouter } from '../routers/assessments/router';
import { campaignsRouter } from '../routers/campaigns/router';
import { ctaLinkRouter } from '../routers/cta-link/router';
import { meetingsRouter } from '../routers/meetings/router';
import { greenhouseRouter } from '../routers/greenhouse/router';
import { webhooksRouter } from '../routers/webhooks/router';
import { ssoSamlRouter } from '../routers/sso-saml/router';
import { auditRouter } from '../routers/audit/router';
import { ltiRouter } from '../routers/lti/router';
import { assignmentsRouter } from '../routers/assignments/router';
import { dashboardRouter } from '../routers/dashboard/router';
import { teamRouter } from '../routers/team/router';
import { authRouter } from '../routers/auth/router';
import { callsRouter } from '../routers/calls/router';
import { callInstructionsRouter } from '../routers/call-instructions/router';
import { callSettingsRouter } from '../routers/call-settings/router';
import { clientOverviewRouter } from '../routers/client-overview/router';
import { clientsRouter } from '../routers/clients/router';
import { icpsRouter } from '../routers/icps/router';
import { knowledgeRouter } from '../routers/knowledge/router';
import { personasRouter } from '../routers/personas/router';
import { productGroupingsRouter } from '../routers/product-groupings/router';
import { profileRouter } from '../routers/profile/router';
import { promptsRouter } from '../routers/prompts/router';
import { reportsRouter } from '../routers/reports/router';
import { drillsRouter } from '../routers/drills/router';
import { progressRouter } from '../routers/progress/router';
import { leaderboardsRouter } from '../routers/leaderboards/router';
import { ssoRouter } from '../routers/sso/router';
import { certificationsRouter } from '../routers/certifications/router';
import { scorecardsRouter } from '../routers/scorecards/router';
import { simulationsRouter } from '../routers/simulations/router';
import { supportRouter } from '../routers/support/router';
import { twoFactorRouter } from '../routers/two-factor/router';
import { usersRouter } from '../routers/users/router';
import { scimRouter } from '../routers/scim/router';
import { scormRouter } from '../routers/scorm/router';
import { lmsRouter } from '../routers/lms/router';
import { lmsLaunchRouter } from '../routers/lms-launch/router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  support: supportRouter,
  clients: clientsRouter,
  users: usersRouter,
  scorecards: scorecardsRouter,
  personas: personasRouter,
  icps: icpsRouter,
  productGroupings: productGroupingsRouter,
  callInstructions: callInstructionsRouter,
  clientOverview: clientOverviewRouter,
  prompts: promptsRouter,
  simulations: simulationsRouter,
  knowledge: knowledgeRouter,
  calls: callsRouter,
  callSettings: callSettingsRouter,
  reports: reportsRouter,
  drills: drillsRouter,
  progress: progressRouter,
  leaderboards: leaderboardsRouter,
  sso: ssoRouter,
  certifications: certificationsRouter,
  assignments: assignmentsRouter,
  dashboard: dashboardRouter,
  team: teamRouter,
  analytics: analyticsRouter,
  apiKeys: apiKeysRouter,
  scim: scimRouter,
  lms: lmsRouter,
  assessments: assessmentsRouter,
  assessmentLink: assessmentLinkRouter,
  campaigns: campaignsRouter,
  ctaLink: ctaLinkRouter,
  lmsLaunch: lmsLaunchRouter,
  meetings: meetingsRouter,
  greenhouse: greenhouseRouter,
  webhooks: webhooksRouter,
  twoFactor: twoFactorRouter,
  ssoSaml: ssoSamlRouter,
  audit: auditRouter,
  scorm: scormRouter,
  lti: ltiRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
