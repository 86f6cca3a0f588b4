/**
 * Who may use each procedure and REST route, written from the product's access rules (routes,
 * sidebar links, roles), not from the code, so that a wrong check in the code cannot pass.
 * tests/integration/access.test.ts checks the server against it: every listed caller is
 * admitted, every other one refused; a procedure or route with no entry here fails that test.
 *
 * Callers: signed out ('anon'), signed in without a role ('none'), and the five roles. A
 * superuser passes every role check, so it is admitted wherever any role is.
 */
export const CALLERS = [
  'anon',
  'none',
  'sales_rep',
  'demo_sales_manager',
  'sales_manager',
  'admin',
  'superuser',
] as const;
export type Caller = (typeof CALLERS)[number];

const ANYONE: Caller[] = [...CALLERS];
/** /profile and the help button: any signed-in user, a user without a role too. */
const SIGNED_IN: Caller[] = ['none', 'sales_rep', 'demo_sales_manager', 'sales_manager', 'admin', 'superuser'];
/** Any product role (a user without one sees only /no-role-assigned). */
const ANY_ROLE: Caller[] = ['sales_rep', 'demo_sales_manager', 'sales_manager', 'admin', 'superuser'];
/** /dashboard, /team, /simulations, /personas, /scorecards, /assessments: admin and sales_manager. */
const MANAGERS: Caller[] = ['sales_manager', 'admin', 'superuser'];
/** /assignments: admin, sales_manager, demo_sales_manager, superuser. */
const ASSIGNERS: Caller[] = ['demo_sales_manager', 'sales_manager', 'admin', 'superuser'];
/** Calls: a rep on the exercise page; admins and managers testing a simulation (/simulations). */
const CALL_HOLDERS: Caller[] = ['sales_rep', 'sales_manager', 'admin', 'superuser'];
/** /admin (admin only): users, prompts and the tenant's configuration (admin owns the system configuration). */
const ADMIN: Caller[] = ['admin', 'superuser'];
/** The partner API (an ATS with an API key): no signed-in session is a way in. */
const API_KEY_ONLY: Caller[] = [];
/** The product-admin area: clients, system prompts, client analytics. */
const SUPERUSER: Caller[] = ['superuser'];
/** The CTA magic-link screen: sales_manager and superuser, not admin. */
const CTA: Caller[] = ['sales_manager', 'superuser'];

/** tRPC procedures by path. */
export const PROCEDURE_ACCESS: Record<string, Caller[]> = {
  'auth.login': ANYONE,
  'auth.logout': ANYONE,
  'auth.me': ANYONE,
  'auth.providers': ANYONE,
  'auth.passwordPolicy': ANYONE,
  // a one-time "choose your password" link: its token is the credential
  'auth.passwordLink': ANYONE,
  'auth.setPasswordWithLink': ANYONE,
  // "Continue with SSO": finds the organisation by the address's domain
  'auth.ssoStart': ANYONE,
  // the second step of a password sign-in: the pending sign-in's token is the credential
  'auth.verifyTwoFactor': ANYONE,
  'auth.startTwoFactorEnrolment': ANYONE,
  'auth.confirmTwoFactorEnrolment': ANYONE,

  'profile.get': SIGNED_IN,
  'profile.update': SIGNED_IN,
  'profile.setLanguage': SIGNED_IN,
  'profile.changePassword': SIGNED_IN,
  // PUT /api/v1/auth/language of the REST API
  'profile.setAccountLanguage': SIGNED_IN,
  'support.create': SIGNED_IN,
  // the profile's two-factor sign-in section
  'twoFactor.status': SIGNED_IN,
  'twoFactor.start': SIGNED_IN,
  'twoFactor.confirm': SIGNED_IN,
  'twoFactor.regenerateRecoveryCodes': SIGNED_IN,
  'twoFactor.disable': SIGNED_IN,
  // Admin → Security
  'twoFactor.policy': ADMIN,
  'twoFactor.setPolicy': ADMIN,

  'clients.list': SUPERUSER,
  'clients.get': SUPERUSER,
  'clients.create': SUPERUSER,
  'clients.update': SUPERUSER,
  'clients.duplicate': SUPERUSER,
  'clients.deletionPreview': SUPERUSER,
  'clients.delete': SUPERUSER,
  'analytics.client': SUPERUSER,
  'prompts.listSystem': SUPERUSER,
  'prompts.updateSystem': SUPERUSER,

  // Users management lives in /admin; a manager adds reps to their team from /team
  'users.list': ADMIN,
  'users.update': ADMIN,
  'users.delete': ADMIN,
  'users.bulkDelete': ADMIN,
  'users.exportCsv': ADMIN,
  'users.bulkImport.start': ADMIN,
  'users.bulkImport.status': ADMIN,
  'users.managers': MANAGERS,
  // Admin → Audit log
  'audit.list': ADMIN,
  'audit.exportCsv': ADMIN,
  'audit.settings': ADMIN,
  'audit.setRetention': ADMIN,
  'users.create': MANAGERS,

  // Tenant configuration: edited in /admin, read by the managers' simulation wizard
  'icps.list': MANAGERS,
  'icps.get': MANAGERS,
  'icps.create': ADMIN,
  'icps.update': ADMIN,
  'icps.delete': ADMIN,
  'productGroupings.list': MANAGERS,
  'productGroupings.get': MANAGERS,
  'productGroupings.create': ADMIN,
  'productGroupings.update': ADMIN,
  'productGroupings.delete': ADMIN,
  'callInstructions.list': MANAGERS,
  'callInstructions.get': MANAGERS,
  'callInstructions.create': ADMIN,
  'callInstructions.update': ADMIN,
  'callInstructions.delete': ADMIN,
  // /admin, Call Settings tab: how the tenant's voice calls carry audio (WebRTC or the server relay)
  'callSettings.get': ADMIN,
  'callSettings.update': ADMIN,
  'clientOverview.get': MANAGERS,
  'clientOverview.save': ADMIN,
  'prompts.placeholders': MANAGERS,
  'prompts.list': MANAGERS,
  'prompts.get': MANAGERS,
  'prompts.create': ADMIN,
  'prompts.update': ADMIN,
  'prompts.duplicate': ADMIN,
  'prompts.delete': ADMIN,

  'scorecards.list': MANAGERS,
  'scorecards.get': MANAGERS,
  'scorecards.versions': MANAGERS,
  'scorecards.create': MANAGERS,
  'scorecards.update': MANAGERS,
  'scorecards.delete': MANAGERS,
  'personas.list': MANAGERS,
  'personas.get': MANAGERS,
  'personas.create': MANAGERS,
  'personas.update': MANAGERS,
  'personas.delete': MANAGERS,
  'simulations.list': MANAGERS,
  'simulations.get': MANAGERS,
  'simulations.options': MANAGERS,
  'simulations.create': MANAGERS,
  'simulations.update': MANAGERS,
  'simulations.duplicate': MANAGERS,
  'simulations.delete': MANAGERS,
  'simulations.generateScenario': MANAGERS,
  'simulations.generations': MANAGERS,
  'knowledge.list': MANAGERS,
  'knowledge.setEnabled': MANAGERS,
  'knowledge.delete': MANAGERS,
  'knowledge.search': MANAGERS,
  'dashboard.get': MANAGERS,
  'team.list': MANAGERS,
  'team.history': MANAGERS,

  'calls.start': CALL_HOLDERS,
  'calls.preview': CALL_HOLDERS,
  'calls.get': CALL_HOLDERS,
  'calls.list': CALL_HOLDERS,
  'calls.end': CALL_HOLDERS,
  // POST /api/v1/openai/realtime-session of the REST API: the call's ticket is the credential
  'calls.realtimeSession': ANYONE,

  // A rep reads their own reports; managers (and demo managers, from /assignments) their team's
  'reports.get': ANY_ROLE,
  'reports.status': ANY_ROLE,
  'reports.retry': ANY_ROLE,
  'reports.override': MANAGERS,
  /** "Practise this" on a report: whoever may hold calls (the service narrows to calls they may see). */
  'drills.create': CALL_HOLDERS,
  /** /progress: any role sees their own; the service narrows another user's to their manager and admins. */
  'progress.get': ANY_ROLE,
  /** The dashboard's skill map. */
  'progress.skillMap': MANAGERS,
  /** /leaderboard: any role; the tenant's name setting is the admin's. */
  'leaderboards.get': ANY_ROLE,
  'leaderboards.settings': ADMIN,
  'leaderboards.updateSettings': ADMIN,
  'sso.get': ADMIN,
  'sso.updateOidc': ADMIN,
  'sso.addDomain': ADMIN,
  'sso.verifyDomain': ADMIN,
  'sso.removeDomain': ADMIN,
  'sso.updatePolicy': ADMIN,
  /** /certifications: every role reads and takes them; admins and managers define, revoke and export. */
  'certifications.list': ANY_ROLE,
  'certifications.get': ANY_ROLE,
  'certifications.mine': ANY_ROLE,
  'certifications.create': MANAGERS,
  'certifications.update': MANAGERS,
  'certifications.archive': MANAGERS,
  'certifications.newLink': ANY_ROLE,
  'certifications.revoke': MANAGERS,
  'certifications.export': MANAGERS,
  /** The public verification page of a certificate. */
  'certifications.verify': ANYONE,

  'assignments.list': ASSIGNERS,
  'assignments.get': ASSIGNERS,
  'assignments.options': ASSIGNERS,
  'assignments.create': ASSIGNERS,
  'assignments.update': ASSIGNERS,
  'assignments.delete': ASSIGNERS,
  'assignments.remind': ASSIGNERS,
  'assignments.exportResults': ASSIGNERS,
  'assignments.mine': ANY_ROLE,
  'assignments.dismissReminder': ANY_ROLE,

  // hiring assessments (/assessments: admin, sales_manager; the candidate's link paths are public)
  'apiKeys.list': MANAGERS,
  'apiKeys.generate': MANAGERS,
  'apiKeys.revoke': MANAGERS,
  'apiKeys.integrationInfo': MANAGERS,
  'assessments.list': MANAGERS,
  'assessments.settings': MANAGERS,
  'assessments.updateSettings': MANAGERS,
  'assessments.simulations': API_KEY_ONLY,
  'assessments.create': API_KEY_ONLY,
  'assessments.get': API_KEY_ONLY,
  'assessments.report': API_KEY_ONLY,
  'assessmentLink.validate': ANYONE,
  'assessmentLink.start': ANYONE,
  'assessmentLink.complete': ANYONE,
  'campaigns.list': CTA,
  'campaigns.create': CTA,
  'campaigns.update': CTA,
  'campaigns.delete': CTA,
  'campaigns.links': CTA,
  'campaigns.exportLinks': CTA,
  'meetings.previewTranscript': ANY_ROLE,
  'meetings.scoreTranscript': ANY_ROLE,
  'meetings.list': ANY_ROLE,
  'meetings.options': ANY_ROLE,
  'meetings.botSettings': ANY_ROLE,
  'meetings.requestBot': ANY_ROLE,
  'meetings.stopBot': ANY_ROLE,
  'meetings.chooseRep': ANY_ROLE,
  'meetings.setBotName': ADMIN,
  'meetings.recording': ANY_ROLE,
  'meetings.calendar': ANY_ROLE,
  'meetings.disconnectCalendar': ANY_ROLE,
  'ctaLink.validate': ANYONE,
  'ctaLink.markStarted': ANYONE,
  'ctaLink.complete': ANYONE,
  'ctaLink.report': ANYONE,
  'ctaLink.booked': ANYONE,
  'ctaLink.bookingFailed': ANYONE,
  'lmsLaunch.view': ANYONE,
  'lmsLaunch.start': ANYONE,
  'lmsLaunch.complete': ANYONE,
  'lmsLaunch.report': ANYONE,
  'greenhouse.listTests': API_KEY_ONLY,
  'greenhouse.sendTest': API_KEY_ONLY,
  'greenhouse.testStatus': API_KEY_ONLY,
  'greenhouse.responseError': API_KEY_ONLY,
  'webhooks.list': MANAGERS,
  'webhooks.create': MANAGERS,
  'webhooks.update': MANAGERS,
  'webhooks.rotateSecret': MANAGERS,
  'webhooks.delete': MANAGERS,
  'webhooks.deliveries': MANAGERS,
  'webhooks.resend': MANAGERS,
  // Admin → Provisioning (SCIM): tokens and group mappings
  'scim.info': ADMIN,
  'scim.tokens': ADMIN,
  'scim.createToken': ADMIN,
  'scim.revokeToken': ADMIN,
  'scim.groups': ADMIN,
  'scim.setGroupMapping': ADMIN,
  'lms.launches': ADMIN,
  'lms.keys': ADMIN,
  'lms.rotateKey': ADMIN,

  // Admin → Security: the tenant's SAML single sign-on
  'ssoSaml.get': ADMIN,
  'ssoSaml.update': ADMIN,
  'ssoSaml.refreshMetadata': ADMIN,
  // SCORM packages: exported from a simulation's or certification's page, listed on Admin → LMS
  'scorm.list': MANAGERS,
  'scorm.revoke': MANAGERS,

  // Admin → LMS: the tenant's LTI 1.3 platforms
  'lti.list': ADMIN,
  'lti.create': ADMIN,
  'lti.update': ADMIN,
  'lti.setEnabled': ADMIN,
  'lti.delete': ADMIN,
};

/** REST routes by "METHOD /path" (under /api/v1, and the health check also at /health). */
export const ROUTE_ACCESS: Record<string, Caller[]> = {
  'GET /api/v1/health': ANYONE,
  'GET /health': ANYONE,
  'GET /api/v1/auth/me': SIGNED_IN,
  'PUT /api/v1/auth/me': SIGNED_IN,
  'PUT /api/v1/auth/language': SIGNED_IN,
  'GET /api/v1/auth/google/start': ANYONE,
  'GET /api/v1/auth/google/callback': ANYONE,
  'GET /api/v1/auth/sso/oidc/callback': ANYONE,
  // SAML single sign-on: the IdP and a signed-out browser use them; the signed response is the credential
  'GET /api/v1/auth/sso/saml/:clientSchema/metadata': ANYONE,
  'GET /api/v1/auth/sso/saml/:clientSchema/login': ANYONE,
  'POST /api/v1/auth/sso/saml/:clientSchema/acs': ANYONE,
  // development helpers (only routed when enabled): sign-in helpers, open to the caller like a login
  'GET /api/v1/auth/dev-token': ANYONE,
  'GET /api/v1/auth/debug': ANYONE,
  'POST /api/v1/calls/:callId/recording': CALL_HOLDERS,
  'GET /api/v1/calls/:callId/recording': CALL_HOLDERS,
  'GET /api/v1/reports/:callId/download': ANY_ROLE,
  /** A certificate's PDF or HTML: its holder, their manager, the tenant's admins (the service narrows). */
  'GET /api/v1/certificates/:certificateId/download': ANY_ROLE,
  'POST /api/v1/simulations/:simulationId/files': MANAGERS,
  'GET /api/v1/assessments/simulations': API_KEY_ONLY,
  'POST /api/v1/assessments': API_KEY_ONLY,
  'GET /api/v1/assessments/:id': API_KEY_ONLY,
  'GET /api/v1/assessments/:id/report': API_KEY_ONLY,
  'GET /api/v1/assessments/:id/reports/download': API_KEY_ONLY,
  'POST /api/v1/assessments/validate-token': ANYONE,
  'POST /api/v1/assessments/start-call': ANYONE,
  'POST /api/v1/assessments/complete': ANYONE,
  'POST /api/v1/cta/links/generate': CTA,
  'POST /api/v1/cta/validate-token': ANYONE,
  'POST /api/v1/cta/mark-started': ANYONE,
  'POST /api/v1/lms/launch/view': ANYONE,
  'POST /api/v1/lms/launch/start': ANYONE,
  'POST /api/v1/lms/launch/complete': ANYONE,
  'POST /api/v1/lms/launch/report': ANYONE,
  'POST /api/v1/cta/complete': ANYONE,
  'POST /api/v1/cta/booked': ANYONE,
  'POST /api/v1/cta/booking-failed': ANYONE,
  'GET /api/v1/cta/reports/:id': ANYONE,
  'GET /api/v1/cta/reports/:id/download': ANYONE,
  'POST /api/v1/meeting-bots/:provider/webhook': ANYONE,
  'GET /api/v1/telemetry/config': ANYONE,
  'POST /api/v1/telemetry/traces': ANYONE,
  'POST /api/v1/openai/realtime-session': ANYONE,
  'POST /api/v1/meetings/recordings/transcribe': ANY_ROLE,
  'GET /api/v1/integrations/google/start': ANY_ROLE,
  'GET /api/v1/integrations/google/callback': ANY_ROLE,
  'GET /api/v1/greenhouse/list_tests': API_KEY_ONLY,
  'POST /api/v1/greenhouse/send_test': API_KEY_ONLY,
  'GET /api/v1/greenhouse/test_status': API_KEY_ONLY,
  'POST /api/v1/greenhouse/response_error': API_KEY_ONLY,
  // LTI 1.3: a platform and the learner's browser use them; the platform's signed launch is the credential
  'GET /api/v1/lti/:platformId/login': ANYONE,
  'POST /api/v1/lti/:platformId/login': ANYONE,
  'POST /api/v1/lti/launch': ANYONE,
  'POST /api/v1/lti/deep-link': ANYONE,
  'GET /api/v1/lti/jwks/:tenantId': ANYONE,
  // the API's reference: the OpenAPI document and its page
  'GET /api/v1/openapi.json': ANYONE,
  'GET /api/docs': ANYONE,
  // SCORM: a manager creates a package (and gets its zip); the package's launch page calls the
  // others from the LMS's site: its key, then the launch token, are the credentials
  'POST /api/v1/lms/scorm/packages': MANAGERS,
  'POST /api/v1/lms/scorm/launch': ANYONE,
  'OPTIONS /api/v1/lms/scorm/launch': ANYONE,
  // no session is a way in: only a launch token
  'GET /api/v1/lms/launches/status': [],
  'OPTIONS /api/v1/lms/launches/status': ANYONE,
};

/**
 * SCIM routes under /scim/v2 by "METHOD /path": an identity provider's SCIM token is the only way
 * in (no signed-in session is); tests/integration/scim.test.ts holds the server to it.
 */
export const SCIM_ROUTE_ACCESS: Record<string, Caller[]> = {
  'GET /ServiceProviderConfig': API_KEY_ONLY,
  'GET /Schemas': API_KEY_ONLY,
  'GET /ResourceTypes': API_KEY_ONLY,
  'GET /Users': API_KEY_ONLY,
  'POST /Users': API_KEY_ONLY,
  'GET /Users/:id': API_KEY_ONLY,
  'PUT /Users/:id': API_KEY_ONLY,
  'PATCH /Users/:id': API_KEY_ONLY,
  'DELETE /Users/:id': API_KEY_ONLY,
  'GET /Groups': API_KEY_ONLY,
  'POST /Groups': API_KEY_ONLY,
  'GET /Groups/:id': API_KEY_ONLY,
  'PUT /Groups/:id': API_KEY_ONLY,
  'PATCH /Groups/:id': API_KEY_ONLY,
  'DELETE /Groups/:id': API_KEY_ONLY,
};
