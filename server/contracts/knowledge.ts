import { z } from 'zod';
import { requiredText } from './text';

// Messages are i18n keys in locales/<lng>/knowledge.json (namespace "knowledge"). This file is
// imported by the client too, so it holds only pure values and helpers.

/** A knowledge-base file is at most 5 MB. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const KNOWLEDGE_KINDS = ['pdf', 'docx', 'txt', 'md'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

export const KIND_MIME: Record<KnowledgeKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  md: 'text/markdown',
};

/** File extensions accepted per kind (the content is checked too). */
export const KIND_EXTENSIONS: Record<KnowledgeKind, readonly string[]> = {
  pdf: ['.pdf'],
  docx: ['.docx'],
  txt: ['.txt'],
  md: ['.md', '.markdown'],
};

export function kindOfFileName(name: string): KnowledgeKind | null {
  const lower = name.toLowerCase();
  for (const kind of KNOWLEDGE_KINDS) if (KIND_EXTENSIONS[kind].some((ext) => lower.endsWith(ext))) return kind;
  return null;
}

const MB = 1024 * 1024;

/**
 * "6.0 MB", "512.0 KB", "20 bytes". A size just above a limit that would round to the limit
 * ("5.0 MB" for 5 MB + 1 byte) is shown in bytes so the message never reads as "5.0 MB (maximum 5 MB)".
 */
export function formatFileSize(bytes: number, locale = 'en', limitBytes?: number): string {
  const fmt = (n: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
  if (bytes >= MB) {
    const mb = Math.round((bytes / MB) * 10) / 10;
    if (limitBytes !== undefined && bytes > limitBytes && mb * MB <= limitBytes)
      return `${new Intl.NumberFormat(locale).format(bytes)} bytes`;
    return `${fmt(mb)} MB`;
  }
  if (bytes >= 1024) return `${fmt(Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${new Intl.NumberFormat(locale).format(bytes)} bytes`;
}

/** "5 MB": the maximum, in whole megabytes. */
export function formatLimit(bytes: number, locale = 'en'): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / MB)} MB`;
}

export const simulationIdInput = z.object({ simulationId: z.uuid('knowledge.validation.simulationIdInvalid') });
export const fileIdInput = z.object({ id: z.uuid('knowledge.validation.fileIdInvalid') });
export const setEnabledInput = fileIdInput.extend({ enabled: z.boolean('knowledge.validation.enabledInvalid') });
export const searchInput = simulationIdInput.extend({
  query: requiredText('knowledge.validation.queryRequired', 500, 'knowledge.validation.queryTooLong'),
});

export const knowledgeFileOutput = z.object({
  id: z.string(),
  simulationId: z.string(),
  name: z.string(),
  /** Display name, else the email of the uploader; null when the user is gone or of another client (a superuser). */
  owner: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  enabled: z.boolean(),
  status: z.enum(['ready', 'no_text']),
  chunkCount: z.number(),
  createdAt: z.string(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFileOutput>;

export const searchHitOutput = z.object({
  fileId: z.string(),
  fileName: z.string(),
  position: z.number(),
  content: z.string(),
  rank: z.number(),
  truncated: z.boolean(),
});
export type KnowledgeSearchHit = z.infer<typeof searchHitOutput>;

/** The JSON error body of the upload endpoint (REST, not tRPC). */
export interface UploadErrorBody {
  error: {
    code: string;
    message: string;
    details?: { sizeBytes?: number | null; maxBytes?: number } & Record<string, unknown>;
  };
}
