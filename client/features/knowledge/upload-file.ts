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
 * Sends the raw file to POST /api/v1/simulations/:id/files (the session cookie authenticates it).
 * XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export function uploadKnowledgeFile(
  simulationId: string,
  file: File,
  opts: UploadOptions = {},
): Promise<KnowledgeFile> {
  const query = opts.clientId ? `?clientId=${encodeURIComponent(opts.clientId)}` : '';
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/simulations/${encodeURIComponent(simulationId)}/files${query}`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: a proxy error page */
      }
      if (xhr.status === 201 && body) return resolve(body as KnowledgeFile);
      const err = (body as UploadErrorBody | null)?.error;
      reject(new UploadError(err?.code ?? 'INTERNAL', err?.message ?? `HTTP ${xhr.status}`, err?.details ?? null));
    };
    xhr.onerror = () => reject(new UploadError('NETWORK', 'Network error'));
    xhr.send(file);
  });
}
