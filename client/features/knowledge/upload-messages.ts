import type { TFunction } from 'i18next';
import { formatFileSize, formatLimit, MAX_FILE_BYTES } from '../../../server/contracts/knowledge';
import { translateErrorCode } from '../../lib/errors';
import { UploadError } from './upload-file';

/** "File too large: 6.0 MB (maximum 5 MB)" in the user's language; size null = unknown ("more than 5 MB"). */
export function tooLargeMessage(
  t: TFunction,
  lng: string,
  sizeBytes: number | null,
  maxBytes = MAX_FILE_BYTES,
): string {
  const max = formatLimit(maxBytes, lng);
  const size = sizeBytes === null ? t('moreThan', { max }) : formatFileSize(sizeBytes, lng, maxBytes);
  return t('fileTooLarge', { size, max });
}

/** The reason an upload failed, translated (the server's English message is not shown). */
export function uploadErrorMessage(t: TFunction, lng: string, e: unknown): string {
  if (!(e instanceof UploadError)) return translateErrorCode(t, 'INTERNAL');
  switch (e.code) {
    case 'FILE_TOO_LARGE': {
      const size = e.details?.sizeBytes;
      const max = e.details?.maxBytes;
      return tooLargeMessage(
        t,
        lng,
        typeof size === 'number' ? size : null,
        typeof max === 'number' ? max : MAX_FILE_BYTES,
      );
    }
    case 'UNSUPPORTED_FILE_TYPE':
      return t('unsupportedType');
    case 'BAD_REQUEST':
      return e.details?.reason === 'empty' ? t('emptyFile') : translateErrorCode(t, e.code);
    default:
      return translateErrorCode(t, e.code);
  }
}
