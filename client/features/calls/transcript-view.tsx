import { Box, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranscriptLine } from './call-session';

interface Props {
  lines: TranscriptLine[];
  prospectName: string;
  /** Chat-like bubbles (dry run) rather than a plain log. */
  chat?: boolean;
  height?: number;
  /** After the call: "Transcript" rather than "Live transcript". */
  ended?: boolean;
}

/** The live transcript: rep and prospect lines in order; deltas grow a line, the final replaces it. */
export function TranscriptView({ lines, prospectName, chat = false, height = 320, ended = false }: Props) {
  const { t } = useTranslation('calls');
  const viewport = useRef<HTMLDivElement>(null);
  const last = lines[lines.length - 1];
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lines.length, last?.text]);

  return (
    <Paper withBorder p="sm" radius="md">
      <Text fw={600} size="sm" mb="xs" id="call-transcript-title">
        {ended ? t('transcript.finalTitle') : t('transcript.title')}
      </Text>
      {/* as tall as what was said, up to `height`: an empty transcript pushes nothing off the screen */}
      <ScrollArea.Autosize mah={height} viewportRef={viewport} type="auto">
        <Stack gap="xs" role="log" aria-labelledby="call-transcript-title" aria-live="off">
          {lines.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('transcript.empty')}
            </Text>
          )}
          {lines.map((line) => {
            const who = line.speaker === 'rep' ? t('transcript.you') : prospectName;
            const mine = line.speaker === 'rep';
            return chat ? (
              <Box key={line.itemId} style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
                <Paper p="xs" radius="md" bg={mine ? 'blue.0' : 'gray.0'} data-speaker={line.speaker}>
                  <Text size="xs" c="dimmed">
                    {who}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {line.text}
                  </Text>
                </Paper>
              </Box>
            ) : (
              <Text key={line.itemId} size="sm" data-speaker={line.speaker} c={line.final ? undefined : 'dimmed'}>
                <Text span fw={600}>
                  {who}:
                </Text>{' '}
                {line.text}
              </Text>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
