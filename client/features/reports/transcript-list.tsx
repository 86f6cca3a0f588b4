import { Box, Text } from '@mantine/core';
import { BareList } from '../../components/bare-list';
import { useTranslation } from 'react-i18next';
import type { ReportView } from '../../../server/contracts/reports';
import { clock } from '../../../server/contracts/report-format';

interface Props {
  turns: ReportView['turns'];
  repName: string | null;
  prospectName: string | null;
  /** The turn a jumped-to quote belongs to. */
  highlightSeq: number | null;
}

export const turnDomId = (seq: number) => `turn-${seq}`;

/** The full transcript with timestamps; the turn of the last jumped-to quote is highlighted. */
export function TranscriptList({ turns, repName, prospectName, highlightSeq }: Props) {
  const { t } = useTranslation('reports');
  if (turns.length === 0) return <Text c="dimmed">{t('transcript.empty')}</Text>;
  return (
    <BareList ordered gap={6} data-testid="transcript">
      {turns.map((turn) => {
        const active = turn.seq === highlightSeq;
        return (
          <Box
            component="li"
            key={turn.seq}
            id={turnDomId(turn.seq)}
            tabIndex={-1}
            data-speaker={turn.speaker}
            data-highlighted={active ? 'true' : undefined}
            aria-current={active ? 'true' : undefined}
            p={6}
            style={{
              borderRadius: 6,
              background: active ? 'var(--mantine-color-yellow-1)' : undefined,
              outline: active ? '2px solid var(--mantine-color-yellow-6)' : undefined,
              transition: 'background 200ms',
            }}
          >
            <Text size="sm">
              <Text span size="xs" c="dimmed" ff="monospace" mr={6}>
                {clock(turn.startMs)}
              </Text>
              <Text span fw={600}>
                {turn.speakerName ||
                  (turn.speaker === 'rep' ? repName || t('transcript.rep') : prospectName || t('transcript.prospect'))}
                :
              </Text>{' '}
              {turn.text}
            </Text>
          </Box>
        );
      })}
    </BareList>
  );
}
