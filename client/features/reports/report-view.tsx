import { Badge, Button, Group, List, Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CriterionReport, ReportView as ReportData } from '../../../server/contracts/reports';
import {
  areasToWorkOn,
  assessedCount,
  clock,
  reviewHistoryText,
  unanimousCount,
} from '../../../server/contracts/report-format';
import { AnalyticsView } from './analytics-view';
import { CriterionCard } from './criterion-card';
import { LEVEL_COLORS } from './level-colors';
import { DrillPanel } from './drill-panel';
import { ReviewModal } from './review-modal';
import { TranscriptList, turnDomId } from './transcript-list';
import { useFormat } from '../../lib/format';
import { HelpTip } from '../../components/help-tip';

interface Props {
  data: ReportData;
  clientId?: string;
  /** Where the HTML download comes from, when not the signed-in path (a campaign guest's link); null: none offered. */
  downloadUrl?: string | null;
}

type SectionName = 'summary' | 'recording' | 'criteria' | 'strengths' | 'improvements' | 'analytics' | 'transcript';

/** A section of the report, titled `<name>.title`; `empty` shows `<name>.empty` in place of its content. */
function Section({ name, empty, children }: { name: SectionName; empty?: boolean; children: ReactNode }) {
  const { t } = useTranslation('reports');
  const id = `report-${name}`;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {t(`${name}.title`)}
      </Title>
      {empty ? <Text c="dimmed">{t(`${name}.empty`)}</Text> : children}
    </Paper>
  );
}

function downloadHref(callId: string, lang: string, clientId?: string) {
  const q = new URLSearchParams({ lang });
  if (clientId) q.set('clientId', clientId);
  return `/api/v1/reports/${encodeURIComponent(callId)}/download?${q.toString()}`;
}

/** The ready report: header, summary, scorecard evaluation with review, suggestions, analytics, recording and transcript. */
export function ReportView({ data, clientId, downloadUrl }: Props) {
  const { t, i18n } = useTranslation('reports');
  const f = useFormat();
  const audio = useRef<HTMLAudioElement>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<CriterionReport | null>(null);
  const r = data.report!;
  const { call } = data;
  const score = r.score ?? 0;
  const heuristic = r.evaluator === 'offline';
  // a campaign's guest reads their own call: addressed as "you", the label in an outsider's words
  const guest = data.audience === 'guest';
  const assessed = assessedCount(r.criteria);
  const areas = areasToWorkOn(r.criteria);

  const jump = (startMs: number, turnSeq: number) => {
    setHighlight(turnSeq);
    const el = audio.current;
    if (el) {
      el.currentTime = Math.max(0, startMs / 1000);
      void el.play().catch(() => undefined); // autoplay refusals leave the player at the moment
    }
    const turn = document.getElementById(turnDomId(turnSeq));
    turn?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  const scoreColor = score >= 70 ? 'green' : score >= 40 ? 'yellow' : 'red';

  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4} style={{ flex: '1 1 260px' }}>
            <Text size="sm" c="dimmed">
              {t('header.simulation')}
            </Text>
            <Text fw={700} size="lg" data-testid="report-simulation">
              {call.simulationName}
            </Text>
            {(
              [
                ['demo', call.demo, 'grape', 'demo-badge'],
                ['realCall', call.realCall, 'teal', 'real-call-badge'],
              ] as const
            ).map(
              ([key, shown, color, testId]) =>
                shown && (
                  <HelpTip key={key} label={t(`header.${key}Help`)} w={280}>
                    <Badge color={color} variant="light" tabIndex={0} w="fit-content" data-testid={testId}>
                      {t(`header.${key}`)}
                    </Badge>
                  </HelpTip>
                ),
            )}
            <Group gap="lg" wrap="wrap" mt={4}>
              <Fact label={t('header.date')} value={f.dateTime(call.date)} />
              <Fact label={t('header.duration')} value={call.durationMs != null ? clock(call.durationMs) : '—'} />
              {call.repName && !guest && <Fact label={t('header.rep')} value={call.repName} />}
              {call.personaName && <Fact label={t('header.persona')} value={call.personaName} />}
              {call.difficulty && (
                <Fact
                  label={t('header.difficulty')}
                  value={t(`difficulty.${call.difficulty}`, { defaultValue: call.difficulty })}
                />
              )}
            </Group>
            <Group gap="xs" mt="xs" wrap="wrap">
              <Text
                size="xs"
                fw={600}
                px={8}
                py={2}
                bg={r.evaluator === 'offline' ? 'gray.1' : 'violet.0'}
                c={r.evaluator === 'offline' ? 'gray.8' : 'violet.9'}
                style={{ borderRadius: 6 }}
                data-testid="evaluator-label"
              >
                {r.evaluator === 'offline'
                  ? t('header.evaluatorOffline')
                  : t('header.evaluatorModel', { model: r.model ?? '' })}
              </Text>
              <Text
                size="xs"
                px={8}
                py={2}
                c="dimmed"
                style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
              >
                {call.provider === 'offline'
                  ? t('header.providerOffline')
                  : call.provider === 'human'
                    ? t('header.providerHuman')
                    : t('header.providerRealtime')}
              </Text>
            </Group>
          </Stack>
          <Stack align="center" gap={2}>
            <RingProgress
              size={120}
              thickness={10}
              roundCaps
              sections={[{ value: score, color: r.score === null ? 'gray' : scoreColor }]}
              aria-label={
                r.score === null
                  ? t('header.noScore')
                  : t(heuristic ? 'header.scoreAriaHeuristic' : 'header.scoreAria', { score: f.score(score) })
              }
              label={
                <Text ta="center" fw={700} size="lg" data-testid="report-score">
                  {r.score === null ? f.score(null) : t('header.scoreValue', { score: f.score(score) })}
                </Text>
              }
            />
            {heuristic ? (
              <HelpTip label={t(guest ? 'header.heuristicHelpGuest' : 'header.heuristicHelp')} w={260}>
                <Badge color="gray" variant="light" tabIndex={0} data-testid="heuristic-badge">
                  {t('header.scoreHeuristic')}
                </Badge>
              </HelpTip>
            ) : (
              <Text size="xs" c="dimmed">
                {t('header.score')}
              </Text>
            )}
            {r.score === null && (
              <Text size="xs" c="dimmed" maw={200} ta="center">
                {t('header.noScoreHelp')}
              </Text>
            )}
            {r.originalScore != null && r.originalScore !== r.score && (
              <Text size="xs" c="dimmed" maw={180} ta="center" data-testid="original-score">
                {t('header.originalScore', { score: f.score(r.originalScore) })}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap={4} mt="sm">
          {r.integrity && (
            <Group gap={6}>
              <HelpTip label={t('header.integrityHelp')} w={300}>
                <Badge
                  variant="outline"
                  color={r.integrity.verified === r.integrity.proposed ? 'green' : 'orange'}
                  tabIndex={0}
                  data-testid="evidence-integrity"
                >
                  {t('header.integrity', { verified: r.integrity.verified, proposed: r.integrity.proposed })}
                </Badge>
              </HelpTip>
            </Group>
          )}
          {r.samples != null && r.samples > 1 && (
            <Text size="sm" c="dimmed" data-testid="samples">
              {t('header.samples', {
                samples: r.samples,
                agreed: unanimousCount(r.criteria),
                total: r.criteria.length,
              })}
            </Text>
          )}
          {assessed < r.criteria.length && (
            <Text size="sm" c="dimmed" data-testid="assessed-count">
              {t('header.assessed', { assessed, total: r.criteria.length })}
            </Text>
          )}
        </Stack>
        {downloadUrl !== null && (
          <Group mt="md">
            <Button
              component="a"
              href={downloadUrl ?? downloadHref(call.callId, i18n.language, clientId)}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('download.button')}
            </Button>
          </Group>
        )}
      </Paper>

      <Section name="summary">
        <Stack gap="sm">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{r.summary || t('summary.empty')}</Text>
          <Title order={3} size="h5">
            {t('summary.areas')}
          </Title>
          {areas.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="areas-none">
              {assessed === 0 ? t('summary.areasNoneAssessed') : t('summary.areasNone')}
            </Text>
          ) : (
            <List spacing={4} size="sm" data-testid="areas-to-work-on">
              {areas.map((c) => (
                <List.Item key={c.criterionId}>
                  <Badge size="xs" color={LEVEL_COLORS[c.level ?? 0]} variant="light" mr={6}>
                    {t('criteria.levelBadge', { level: c.level ?? 0 })}
                  </Badge>
                  {c.name}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Section>

      <DrillPanel data={data} clientId={clientId} />

      <Section name="recording">
        {data.hasRecording ? (
          <audio
            ref={audio}
            controls
            preload="metadata"
            src={`/api/v1/calls/${encodeURIComponent(call.callId)}/recording`}
            aria-label={t('recording.label')}
            style={{ width: '100%' }}
            data-testid="report-audio"
          />
        ) : (
          <Text c="dimmed" data-testid="no-recording">
            {t('recording.none')}
          </Text>
        )}
      </Section>

      <Section name="criteria">
        <Stack gap="sm">
          {r.criteria.length === 0 && <Text c="dimmed">{t('criteria.empty')}</Text>}
          {r.criteria.map((c) => (
            <CriterionCard
              key={c.criterionId}
              criterion={c}
              checked={r.evaluator === 'model'}
              canReview={data.canReview}
              onReview={() => setReviewing(c)}
              onJump={jump}
            />
          ))}
          <Title order={3} size="h5" mt="sm">
            {t('review.history')}
          </Title>
          {data.overrides.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('review.historyEmpty')}
            </Text>
          ) : (
            <List spacing="xs" size="sm" data-testid="override-history">
              {data.overrides.map((o) => (
                <List.Item key={o.id}>
                  <Text size="sm">
                    <Badge size="xs" color={LEVEL_COLORS[o.toLevel as 0 | 1 | 2] ?? 'gray'} variant="light" mr={6}>
                      {o.fromLevel ?? '—'} → {o.toLevel}
                    </Badge>
                    {reviewHistoryText(t, o)} · {f.dateTime(o.createdAt)}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                    {o.note}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('review.historyScore', { score: f.score(o.scoreAfter) })}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Section>

      <Section name="strengths" empty={r.strengths.length === 0}>
        <List spacing="xs">
          {r.strengths.map((s, i) => (
            <List.Item key={i}>{s}</List.Item>
          ))}
        </List>
      </Section>

      <Section name="improvements" empty={r.improvements.length === 0}>
        <Stack gap="sm">
          {r.improvements.map((imp, i) => (
            <Stack key={i} gap={2}>
              <Text fw={600}>{imp.what}</Text>
              {imp.why && <Text size="sm">{t('improvements.why', { why: imp.why })}</Text>}
              {imp.example && (
                <Text size="sm" fs="italic" c="blue.8">
                  {t('improvements.trySaying', { example: imp.example })}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      </Section>

      <Section name="analytics">
        <AnalyticsView analytics={r.analytics} />
      </Section>

      <Section name="transcript">
        <TranscriptList
          turns={data.turns}
          repName={guest ? t('transcript.you') : call.repName}
          prospectName={call.personaName}
          highlightSeq={highlight}
        />
      </Section>

      {reviewing && (
        <ReviewModal
          callId={call.callId}
          clientId={clientId}
          criterion={reviewing}
          onClose={() => setReviewing(null)}
        />
      )}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}
