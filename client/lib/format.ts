import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatPercent, formatScore, formatSeconds } from '../../server/contracts/format';

/**
 * The one way the interface writes numbers, scores and dates: the shared formatters
 * (server/contracts/format.ts, also used by the downloadable report) bound to the interface
 * language, so "66,7" appears in es/it/pt-BR wherever a score or an average is shown.
 */
export { EMPTY, formatNumber, formatPercent, formatScore, formatSeconds } from '../../server/contracts/format';

/** The formatters bound to the current interface language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return useMemo(
    () => ({
      lng,
      score: (v: number | null | undefined) => formatScore(v, lng),
      number: (v: number, maximumFractionDigits?: number) => formatNumber(v, lng, maximumFractionDigits),
      percent: (v: number) => formatPercent(v, lng),
      seconds: (ms: number) => formatSeconds(ms, lng),
      date: (iso: string | null | undefined) => formatDate(iso, lng),
      dateTime: (iso: string | null | undefined) => formatDate(iso, lng, true),
    }),
    [lng],
  );
}
