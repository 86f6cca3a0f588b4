import type { TFunction } from 'i18next';
import type { CallError } from '../../../server/contracts/call-protocol';
import i18n from '../../lib/i18n';
import { translateErrorCode } from '../../lib/errors';
import type { CallErrorKey } from './call-session';
import type { CallState, EndReason } from './protocol';

export const stateLabel = (t: TFunction, state: CallState) => t(`state.${state}`);
export const reasonText = (t: TFunction, reason: EndReason) => t(`endReason.${reason}`);
/** A call failure; a server error names a code of the error catalogue, translated like any other. */
export const errorText = (t: TFunction, key: CallErrorKey, serverError?: Pick<CallError, 'code' | 'params'> | null) =>
  key === 'server' && serverError
    ? t('errors.serverWithMessage', {
        message: translateErrorCode(i18n.getFixedT(null, 'common'), serverError.code, serverError.params),
      })
    : t(`errors.${key}`);

/** mm:ss (or h:mm:ss) of a duration in ms. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
