import type { GenerateLinksInput, GenerateLinksResult, GenerateStreamLine } from '../../../server/contracts/campaigns';

/** A refused or failed generation: the server's error code, its field errors and details. */
export class GenerateError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
  get fieldErrors(): Record<string, string[]> | null {
    return (this.details?.fieldErrors as Record<string, string[]> | undefined) ?? null;
  }
}

/**
 * POST /api/v1/cta/links/generate, reading its newline-delimited answer as it arrives: each
 * progress line goes to `onProgress`, the result line resolves, an error line (or an error answer
 * before the stream) rejects with a GenerateError.
 */
export async function generateLinks(
  input: GenerateLinksInput,
  onProgress: (done: number, total: number) => void,
): Promise<GenerateLinksResult> {
  let res: Response;
  try {
    res = await fetch('/api/v1/cta/links/generate', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new GenerateError('NETWORK', 'The server could not be reached');
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as {
      error?: { code?: string; message?: string; details?: Record<string, unknown> };
    } | null;
    throw new GenerateError(
      body?.error?.code ?? 'INTERNAL',
      body?.error?.message ?? res.statusText,
      body?.error?.details ?? null,
    );
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (!line) continue;
      const msg = JSON.parse(line) as GenerateStreamLine;
      if (msg.type === 'progress') onProgress(msg.done, msg.total);
      else if (msg.type === 'result') return msg.result;
      else throw new GenerateError(msg.error.code, msg.error.message);
    }
    if (done) throw new GenerateError('INTERNAL', 'The answer ended before the result');
  }
}
