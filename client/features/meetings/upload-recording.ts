import type { TranscriptPreview } from '../../../server/contracts/meetings';
import { UploadError } from '../knowledge/upload-file';

export interface TranscribedRecording {
  fileName: string;
  content: string;
  preview: TranscriptPreview;
}

/** Audio and video a transcription model reads (the server checks the same list). */
const RECORDING_FILE = /\.(mp3|mp4|mpeg|mpga|m4a|wav|webm|ogg|oga|flac|mov|mkv)$/i;
export const isRecording = (f: File) => /^(audio|video)\//.test(f.type) || RECORDING_FILE.test(f.name);

/**
 * Sends a call recording to POST /api/v1/meetings/recordings/transcribe (the session cookie
 * authenticates it) and resolves with its transcript. XMLHttpRequest for the upload's progress;
 * once the bytes are up (100) the server is transcribing, which takes a while for a long call.
 */
export function transcribeRecordingFile(
  file: File,
  onProgress: (percent: number) => void,
): Promise<TranscribedRecording> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/meetings/recordings/transcribe');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: a proxy error page */
      }
      if (xhr.status === 200 && body) return resolve(body as TranscribedRecording);
      const err = (body as { error?: { code?: string; message?: string; details?: Record<string, unknown> } } | null)
        ?.error;
      reject(new UploadError(err?.code ?? 'INTERNAL', err?.message ?? `HTTP ${xhr.status}`, err?.details ?? null));
    };
    xhr.onerror = () => reject(new UploadError('NETWORK', 'Network error'));
    xhr.send(file);
  });
}
