/**
 * The fixed value lists of the data model, shared by the database schema (db/schema), the
 * contracts and the client. Pure module.
 */

export const ASSIGNMENT_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const SCORE_POLICIES = ['best', 'latest'] as const;
export type ScorePolicy = (typeof SCORE_POLICIES)[number];
/** The user types a tenant screen offers, in display order ('superuser' never is). */
export const MANAGED_USER_TYPES = ['admin', 'manager', 'demo_manager', 'user', 'facilitator', 'sales_rep'] as const;
export const USER_TYPES = ['superuser', ...MANAGED_USER_TYPES] as const;
export type UserType = (typeof USER_TYPES)[number];
export const CALL_STATES = ['created', 'connecting', 'dialing', 'ringing', 'connected', 'ended', 'failed'] as const;
export type CallState = (typeof CALL_STATES)[number];
export const CALL_END_REASONS = [
  'completed',
  'time_limit',
  'user_hangup',
  'prospect_hangup',
  'upstream_dropped',
  'client_dropped',
  'server_stopped',
  'error',
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];
export const REALTIME_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'sage',
  'shimmer',
  'verse',
  'marin',
  'cedar',
] as const;
export type RealtimeVoice = (typeof REALTIME_VOICES)[number];
export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const PROMPT_KINDS = ['simulation', 'scenario_variables', 'scenario_narrative', 'evaluation'] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];
export const CLIENT_TYPES = ['customer', 'internal', 'demo', 'trial'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

// Hiring assessments
export const API_KEY_STATUSES = ['active', 'inactive'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];
/** A guest link's statuses from its call's start on, the same for assessment links and campaign magic links. */
const GUEST_CALL_STATUSES = ['started', 'in_progress', 'completed', 'expired'] as const;
/** created → opened (link validated) → started (call created) → in_progress (call live) → completed; or expired. */
export const ASSESSMENT_STATUSES = ['created', 'opened', ...GUEST_CALL_STATUSES] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
export type AssessmentSource = 'api' | 'greenhouse';
export const WEBHOOK_EVENT_TYPES = [
  'assessment.opened',
  'assessment.started',
  'assessment.completed',
  'assessment.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** Campaign magic links: the stored statuses; 'expired' is also what a created/sent/clicked link past its days reads as. */
export const MAGIC_LINK_STATUSES = ['created', 'sent', 'clicked', ...GUEST_CALL_STATUSES] as const;
export type MagicLinkStatus = (typeof MAGIC_LINK_STATUSES)[number];
/** Why a link is expired: its days ran out, or its exercise had been started and the guest came back. */
export const MAGIC_LINK_EXPIRY_REASONS = ['days', 'started'] as const;
export type MagicLinkExpiryReason = (typeof MAGIC_LINK_EXPIRY_REASONS)[number];
/** The Book-a-Call step's embedded scheduler. */
export const BOOKING_PROVIDERS = ['none', 'calcom', 'calendly'] as const;
export type BookingProvider = (typeof BOOKING_PROVIDERS)[number];
/** Where a real call's transcript came from. */
export const MEETING_SOURCES = ['upload', 'bot'] as const;
export type MeetingSource = (typeof MEETING_SOURCES)[number];
/** A meeting whose bot is still at work (its status is asked for until it is not). */
export const LIVE_BOT_STATUSES = [
  'scheduled',
  'requested',
  'joining',
  'waiting_room',
  'in_call',
  'recording',
  'transcribing',
] as const;
/**
 * A real call's progress. A meeting bot goes scheduled → requested → joining → waiting_room (the
 * host must admit it) → in_call → recording → transcribing (it left; the provider prepares the
 * transcript); then, as for an uploaded transcript, choose_rep (no speaker matched the user's name:
 * the user says which one is them) → processing (the report is being made) → done, or failed.
 */
export const MEETING_STATUSES = [...LIVE_BOT_STATUSES, 'choose_rep', 'processing', 'done', 'failed'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
/** Why a meeting failed, as a code the screen translates; the provider's own words are kept beside it. */
export const MEETING_FAILURES = [
  'refused',
  'provider_error',
  'cancelled',
  'nothing_recorded',
  'transcript_unavailable',
  'report_failed',
] as const;
export type MeetingFailure = (typeof MEETING_FAILURES)[number];
/**
 * How a tenant's voice calls with the model carry audio: 'auto' tries WebRTC straight to the model
 * where the browser supports it and falls back to the server's WebSocket relay; 'webrtc' and 'relay'
 * force one path (a network that blocks WebRTC needs 'relay').
 */
export const CALL_TRANSPORT_SETTINGS = ['auto', 'webrtc', 'relay'] as const;
export type CallTransportSetting = (typeof CALL_TRANSPORT_SETTINGS)[number];

/** Where a launch from a learning system comes from: a SCORM package or an LTI 1.3 platform. */
export const LMS_LAUNCH_SOURCES = ['scorm', 'lti'] as const;
export type LmsLaunchSource = (typeof LMS_LAUNCH_SOURCES)[number];
/** What a course item of a learning system opens. */
export const LMS_TARGET_KINDS = ['simulation', 'certification'] as const;
export type LmsTargetKind = (typeof LMS_TARGET_KINDS)[number];
/**
 * A launch's course: refused (with its reason), opened (the learner is on the intro), started (the
 * call is live or being scored), completed (its report is ready), failed (the call or its report
 * failed).
 */
export const LMS_LAUNCH_STATUSES = ['refused', 'opened', 'started', 'completed', 'failed'] as const;
export type LmsLaunchStatus = (typeof LMS_LAUNCH_STATUSES)[number];
/** Where a launch's grade stands in its learning system (LTI: sent by the AGS job; SCORM: read by the package). */
export const LMS_GRADE_STATUSES = ['none', 'pending', 'sent', 'failed'] as const;
export type LmsGradeStatus = (typeof LMS_GRADE_STATUSES)[number];
export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];
/**
 * What a SCORM learner unknown to the tenant gets: a guest exercise tied to the LMS learner id
 * (no account, simulations only), an account made for them (by LMS learner id), or a refusal.
 */
export const LMS_UNKNOWN_LEARNERS = ['guest', 'account', 'refuse'] as const;
export type LmsUnknownLearners = (typeof LMS_UNKNOWN_LEARNERS)[number];
