import { trpcClient } from '../../lib/trpc';
import type { CallPreview, StartCallInput, StartCallOutput } from './protocol';

/**
 * The calls procedures (server/routers/calls, contract in the call protocol), reached through the
 * app's tRPC client so errors carry the usual appCode. Typed here from the protocol rather than
 * inferred, because the router and this client are written at the same time.
 */
interface CallsProcedures {
  start: { mutate(input: StartCallInput): Promise<StartCallOutput> };
  end: { mutate(input: { callId: string }): Promise<unknown> };
  preview: { query(input: { simulationId: string }): Promise<CallPreview> };
}

const calls = (): CallsProcedures => (trpcClient as unknown as { calls: CallsProcedures }).calls;

export const callsApi = {
  start: (input: StartCallInput) => calls().start.mutate(input),
  end: (callId: string) => calls().end.mutate({ callId }),
  preview: (simulationId: string) => calls().preview.query({ simulationId }),
};

export const previewQueryKey = (simulationId: string) => ['calls', 'preview', simulationId] as const;

/** Uploads the mixed recording as the raw body (session cookie authenticates). */
export async function uploadRecording(callId: string, blob: Blob, signal?: AbortSignal): Promise<void> {
  const res = await fetch(`/api/v1/calls/${encodeURIComponent(callId)}/recording`, {
    method: 'POST',
    headers: { 'Content-Type': blob.type || 'audio/webm' },
    body: blob,
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) throw new Error(`recording upload failed: ${res.status}`);
}
