import { errorInfo } from '../../lib/errors';
import { uploadRecording } from './api';
import type { CallBackend } from './call-session';
import type { StartCallOutput } from './protocol';

/**
 * The call of a public link (an assessment's, a campaign's): started by the link (one call per
 * link, decided by the server), ended over its socket (a guest has no session for the HTTP
 * fallback), the recording uploaded with the call's ticket.
 */
export function linkBackend(start: () => Promise<StartCallOutput>): CallBackend {
  return {
    start,
    end: async () => undefined,
    uploadRecording: (call, blob) => uploadRecording(call.callId, blob, { ticket: call.ticket }),
  };
}

/** What a link's call page needs of its link. */
export interface LinkCallApi {
  /** Names the call's session (one per link). */
  key: string;
  start: () => Promise<StartCallOutput>;
  /** Where the link's report stands. */
  complete: () => Promise<{ report_status: string; score?: number | null }>;
}

/**
 * Why a public link cannot be used, from the server's error code (`codes`); a request the server
 * could not read is `malformed`, and anything else `failed`.
 */
export function linkProblemFrom<P extends string>(
  error: unknown,
  codes: Record<string, P>,
): P | 'malformed' | 'failed' {
  const code = errorInfo(error).appCode;
  if (code === 'VALIDATION' || code === 'BAD_REQUEST') return 'malformed';
  return codes[code] ?? 'failed';
}
