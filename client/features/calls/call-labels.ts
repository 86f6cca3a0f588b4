import type { TFunction } from 'i18next';
import type { CallErrorKey } from './call-session';
import type { CallState, EndReason } from './protocol';

export const stateLabel = (t: TFunction, state: CallState) => t(`state.${state}`);
export const reasonText = (t: TFunction, reason: EndReason) => t(`endReason.${reason}`);
export const errorText = (t: TFunction, key: CallErrorKey, serverMessage?: string | null) =>
  key === 'server' && serverMessage ? t('errors.serverWithMessage', { message: serverMessage }) : t(`errors.${key}`);

/** mm:ss (or h:mm:ss) of a duration in ms. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
