import { trpcClient } from '../../lib/trpc';
import type { StartCallInput } from './protocol';

/** The calls procedures (server/routers/calls/router.ts) through the app's tRPC client, typed by the router. */
export const callsApi = {
  start: (input: StartCallInput) => trpcClient.calls.start.mutate(input),
  end: (callId: string) => trpcClient.calls.end.mutate({ callId }),
  preview: (simulationId: string) => trpcClient.calls.preview.query({ simulationId }),
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
