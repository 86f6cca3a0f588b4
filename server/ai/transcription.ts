import OpenAI, { APIError, toFile } from 'openai';
import type { Env } from '../env';
import { AppError } from '../errors';

/**
 * Transcribing a call recording (audio or video) through the configured OpenAI-compatible
 * transcription model (`POST /audio/transcriptions`). A diarizing model
 * (`gpt-4o-transcribe-diarize`, the default) is asked for `diarized_json` and says who spoke
 * ("A", "B", …); `whisper-1` gives timed segments of one voice; other models the text alone.
 */

export interface TranscribedSegment {
  speaker: string;
  startMs: number;
  endMs: number;
  text: string;
}

export type TranscriptionEnv = Pick<
  Env,
  'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL_TRANSCRIPTION' | 'OPENAI_TIMEOUT_MS'
>;

export const transcriptionAvailable = (env: TranscriptionEnv) => !!env.OPENAI_API_KEY;

/** The speaker a diarizing model labels "A" is "Speaker A"; a model without speakers gives one "Speaker". */
const speakerName = (label: string | undefined) =>
  label ? `Speaker ${label.replace(/^speaker[_\s-]*/i, '')}` : 'Speaker';

export async function transcribeRecording(
  env: TranscriptionEnv,
  file: { name: string; type: string; content: Buffer },
): Promise<TranscribedSegment[]> {
  if (!env.OPENAI_API_KEY)
    throw new AppError('TRANSCRIPTION_UNAVAILABLE', 'Transcribing a recording needs an AI model (OPENAI_API_KEY)');
  const client = new OpenAI({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
    timeout: Math.max(env.OPENAI_TIMEOUT_MS, 10 * 60_000),
    maxRetries: 1,
  });
  const model = env.OPENAI_MODEL_TRANSCRIPTION;
  const diarize = /diarize/i.test(model);
  const verbose = /^whisper/i.test(model);
  const upload = await toFile(file.content, file.name, { type: file.type || 'application/octet-stream' });
  let result: unknown;
  try {
    result = await client.audio.transcriptions.create({
      file: upload,
      model,
      ...(diarize
        ? { response_format: 'diarized_json' as const, chunking_strategy: 'auto' as const }
        : verbose
          ? { response_format: 'verbose_json' as const }
          : { response_format: 'json' as const }),
    });
  } catch (e) {
    const reason = e instanceof APIError ? e.message || `HTTP ${e.status}` : (e as Error).message;
    throw new AppError('TRANSCRIPTION_FAILED', `The transcription model failed: ${reason}`, { reason });
  }
  const r = result as {
    text?: string;
    duration?: number;
    segments?: { speaker?: string; start?: number; end?: number; text?: string }[];
  };
  if (Array.isArray(r.segments) && r.segments.length) {
    return r.segments
      .map((s) => ({
        speaker: speakerName(diarize ? s.speaker : undefined),
        startMs: Math.round((s.start ?? 0) * 1000),
        endMs: Math.round((s.end ?? s.start ?? 0) * 1000),
        text: (s.text ?? '').trim(),
      }))
      .filter((s) => s.text);
  }
  const text = (r.text ?? '').trim();
  return text ? [{ speaker: 'Speaker', startMs: 0, endMs: Math.round((r.duration ?? 0) * 1000), text }] : [];
}

const two = (n: number) => String(n).padStart(2, '0');

/** Segments as "[hh:mm:ss] Speaker: text" lines: the plain transcript format the upload path reads. */
export function segmentsAsText(segments: TranscribedSegment[]): string {
  return segments
    .map((s) => {
      const sec = Math.floor(s.startMs / 1000);
      return `[${two(Math.floor(sec / 3600))}:${two(Math.floor(sec / 60) % 60)}:${two(sec % 60)}] ${s.speaker}: ${s.text.replace(/\s+/g, ' ')}`;
    })
    .join('\n');
}
