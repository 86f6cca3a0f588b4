import type { KnowledgeFile, UploadErrorBody } from '../../../server/contracts/knowledge';

export class UploadError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadOptions {
  clientId?: string;
  /** 0–100 while the bytes go up; 100 means the server is extracting the text. */
  onProgress?: (percent: number) => void;
}

/**
 * Sends the raw file to `url` (the session cookie authenticates it) and resolves with the JSON
 * the server answers with `okStatus`; anything else rejects with an UploadError. XMLHttpRequest
 * rather than fetch because only it reports upload progress (0–100 while the bytes go up).
 */
export function uploadWithProgress<T>(
  url: string,
  file: File,
  okStatus: number,
  onProgress?: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: a proxy error page */
      }
      if (xhr.status === okStatus && body) return resolve(body as T);
      const err = (body as UploadErrorBody | null)?.error;
      reject(new UploadError(err?.code ?? 'INTERNAL', err?.message ?? `HTTP ${xhr.status}`, err?.details ?? null));
    };
    xhr.onerror = () => reject(new UploadError('NETWORK', 'Network error'));
    xhr.send(file);
  });
}

/** Sends the raw file to POST /api/v1/simulations/:id/files; at 100 the server is extracting the text. */
export function uploadKnowledgeFile(
  simulationId: string,
  file: File,
  opts: UploadOptions = {},
): Promise<KnowledgeFile> {
  const query = opts.clientId ? `?clientId=${encodeURIComponent(opts.clientId)}` : '';
  return uploadWithProgress(
    `/api/v1/simulations/${encodeURIComponent(simulationId)}/files${query}`,
    file,
    201,
    opts.onProgress,
  );
}
