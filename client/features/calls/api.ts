import { trpcClient } from '../../lib/trpc';
import type { StartCallInput } from './protocol';

/** The calls procedures (server/routers/calls/router.ts) through the app's tRPC client, typed by the router. */
export const callsApi = {
  start: (input: StartCallInput) => trpcClient.calls.start.mutate(input),
  end: (callId: string) => trpcClient.calls.end.mutate({ callId }),
  preview: (simulationId: string) => trpcClient.calls.preview.query({ simulationId }),
};

export const previewQueryKey = (simulationId: string) => ['calls', 'preview', simulationId] as const;

/**
 * Uploads the mixed recording as the raw body: the session cookie authenticates, or — a
 * candidate's call, which has no account — the call's ticket.
 */
export async function uploadRecording(
  callId: string,
  blob: Blob,
  opts: { ticket?: string; signal?: AbortSignal } = {},
): Promise<void> {
  const { ticket, signal } = opts;
  const res = await fetch(`/api/v1/calls/${encodeURIComponent(callId)}/recording`, {
    method: 'POST',
    headers: { 'Content-Type': blob.type || 'audio/webm', ...(ticket ? { Authorization: `Ticket ${ticket}` } : {}) },
    body: blob,
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) throw new Error(`recording upload failed: ${res.status}`);
}
