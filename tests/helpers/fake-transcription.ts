import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for an OpenAI-compatible `POST /v1/audio/transcriptions`: it reads the
 * multipart form as the API documents it (file, model, response_format, chunking_strategy) and
 * answers what the test queued — a `diarized_json` transcription (segments with speaker labels),
 * or an OpenAI-style error.
 */

interface TranscriptionRequest {
  authorization: string | undefined;
  model: string | null;
  responseFormat: string | null;
  chunkingStrategy: string | null;
  fileName: string | null;
  fileBytes: number;
}

type TranscriptionReply =
  { segments: { speaker: string; start: number; end: number; text: string }[] } | { status: number; message: string };

export interface FakeTranscription {
  baseURL: string;
  requests: TranscriptionRequest[];
  reply(r: TranscriptionReply): void;
  close(): Promise<void>;
}

export function startFakeTranscription(): Promise<FakeTranscription> {
  const requests: TranscriptionRequest[] = [];
  let next: TranscriptionReply = { status: 500, message: 'nothing queued' };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
    }
    // the platform's own multipart reader (undici)
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type']) },
      body: Buffer.concat(chunks),
    }).formData();
    const file = form.get('file');
    requests.push({
      authorization: req.headers.authorization,
      model: form.get('model') as string | null,
      responseFormat: form.get('response_format') as string | null,
      chunkingStrategy: form.get('chunking_strategy') as string | null,
      fileName: file instanceof File ? file.name : null,
      fileBytes: file instanceof File ? file.size : 0,
    });
    if ('status' in next) {
      res.writeHead(next.status, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ error: { message: next.message, type: 'invalid_request_error', param: null, code: null } }),
      );
    }
    const segments = next.segments.map((s, i) => ({ type: 'transcript.text.segment', id: `seg_${i}`, ...s }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        task: 'transcribe',
        duration: segments.at(-1)?.end ?? 0,
        text: segments.map((s) => s.text).join(' '),
        segments,
        usage: { type: 'duration', seconds: 30 },
      }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve({
        baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        requests,
        reply: (r) => void (next = r),
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    }),
  );
}
