import { Button, FileInput, Group, Progress, Radio, Stack, Text, TextInput } from '@mantine/core';
import { MeetingCard, MeetingCardHeading } from './meeting-card';
import { IconFileText, IconReportAnalytics } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  MAX_TRANSCRIPT_CHARS,
  type TranscriptPreview,
  type TranscriptProblemDetails,
} from '../../../server/contracts/meetings';
import { clock } from '../../../server/contracts/report-format';
import {
  errorInfo,
  errorMessage,
  formFieldMessages,
  serverFieldErrors,
  translateErrorCode,
  translateMessageKey,
} from '../../lib/errors';
import { UploadError } from '../knowledge/upload-file';
import { isRecording, transcribeRecordingFile } from './upload-recording';
import { trpc } from '../../lib/trpc';
import { ScorecardFields, useScorecardChoice } from './scorecard-fields';
import { useMeetingsT } from './use-meetings-t';
import { submitWith } from '../../lib/submit';
import { ErrorAlert } from '../../components/status-alerts';

const ACCEPT =
  '.vtt,.srt,.txt,text/vtt,text/plain,application/x-subrip,audio/*,video/*,.mp3,.m4a,.wav,.webm,.ogg,.flac,.mp4,.mov,.mkv';

/**
 * Why the server refused a transcript file (server/services/meetings/transcript-problems.ts, or
 * the input schema's `content` message), with the line at fault when one is; null when the
 * failure was not the file's.
 */
function transcriptProblemText(t: TFunction, details: Record<string, unknown> | null, schemaKey?: string) {
  const problem = details as Partial<TranscriptProblemDetails> | null;
  const key = schemaKey ?? (problem?.problem ? problem.messageKey : undefined);
  if (!key) return null;
  const reason = translateMessageKey(t, key, problem?.params ?? {});
  return typeof problem?.line === 'number' ? t('upload.problemAtLine', { line: problem.line, reason }) : reason;
}

/**
 * Score a real call from its transcript (WebVTT or SRT as Meet, Zoom and Teams export them, or
 * "Speaker: text" lines): the file is read here, the server says who spoke, the user says which
 * speaker they are (pre-selected by their name) and picks the scorecard; then the call's report.
 * An audio or video recording is transcribed first by the configured model (the page says when
 * there is none).
 */
export function TranscriptUpload() {
  const { t } = useMeetingsT();
  const [, navigate] = useLocation();
  const settings = useQuery(trpc.meetings.botSettings.queryOptions());
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TranscriptPreview | null>(null);
  const [title, setTitle] = useState('');
  const [rep, setRep] = useState<string | null>(null);
  const choice = useScorecardChoice();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const read = useMutation(trpc.meetings.previewTranscript.mutationOptions());
  const score = useMutation(
    trpc.meetings.scoreTranscript.mutationOptions({ onSuccess: (r) => navigate(`/reports/${r.callId}`) }),
  );

  const choose = async (f: File | null) => {
    setFile(f);
    setPreview(null);
    setContent(null);
    setFileError(null);
    read.reset();
    if (!f) return;
    if (isRecording(f)) return void transcribe(f);
    if (f.size > MAX_TRANSCRIPT_CHARS) return setFileError(t('validation.transcriptTooLarge'));
    const text = await f.text();
    setContent(text);
    read.mutate(
      { fileName: f.name, content: text },
      {
        onSuccess: (p) => {
          setPreview(p);
          setRep(p.suggestedRep);
          setTitle((prev) => prev || f.name.replace(/\.[^.]+$/, ''));
        },
        onError: (e) =>
          setFileError(
            transcriptProblemText(t, errorInfo(e).details, serverFieldErrors(e)?.content) ??
              `${t('upload.readFailed')} ${errorMessage(t, e)}`,
          ),
      },
    );
  };

  // a recording (audio or video) is transcribed by the configured model first
  const transcribe = async (f: File) => {
    if (!settings.data?.transcription) return setFileError(t('upload.recordingNeedsModel'));
    if (f.size > settings.data.recordingMaxMb * 1024 * 1024)
      return setFileError(t('upload.recordingTooLarge', { mb: settings.data.recordingMaxMb }));
    setUploadPercent(0);
    try {
      const r = await transcribeRecordingFile(f, setUploadPercent);
      setContent(r.content);
      setPreview(r.preview);
      setRep(r.preview.suggestedRep);
      setTitle((prev) => prev || f.name.replace(/\.[^.]+$/, ''));
    } catch (e) {
      const err = e instanceof UploadError ? e : new UploadError('INTERNAL', String(e));
      // a recording heard as one voice is refused as a transcript file of one speaker is
      const problem = transcriptProblemText(t, err.details);
      if (problem) return setFileError(problem);
      const reason =
        typeof err.details?.reason === 'string' ? ` ${t('record.providerSaid', { reason: err.details.reason })}` : '';
      setFileError(`${translateErrorCode(t, err.code)}${reason}`);
    } finally {
      setUploadPercent(null);
    }
  };

  const submit = () => {
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = t('validation.titleRequired');
    if (!choice.scorecardId) next.scorecardId = t('validation.scorecardRequired');
    if (!rep) next.repSpeaker = t('validation.repRequired');
    setErrors(next);
    if (Object.keys(next).length || !content || !file) return;
    score.mutate({
      fileName: file.name,
      content,
      title: title.trim(),
      ...choice.input(),
      repSpeaker: rep!,
    });
  };
  const { server: serverErrors, err } = formFieldMessages(t, errors, score);

  return (
    <MeetingCard headingId="upload-title">
      <Stack>
        <MeetingCardHeading id="upload-title" title={t('upload.title')} intro={t('upload.intro')} />
        <FileInput
          label={t('upload.file')}
          description={t('upload.fileHelp')}
          placeholder={t('upload.filePlaceholder')}
          accept={ACCEPT}
          value={file}
          onChange={(f) => void choose(f)}
          leftSection={<IconFileText size={16} aria-hidden />}
          error={fileError}
          clearable
          maw={520}
        />
        {read.isPending && (
          <Text size="sm" role="status">
            {t('upload.reading')}
          </Text>
        )}
        {uploadPercent !== null && (
          <Stack gap={4} maw={520} role="status" data-testid="recording-progress">
            <Text size="sm">
              {uploadPercent < 100
                ? t('upload.recordingUploading', { percent: uploadPercent })
                : t('upload.recordingTranscribing')}
            </Text>
            <Progress
              value={uploadPercent < 100 ? uploadPercent : 100}
              animated={uploadPercent >= 100}
              aria-label={t('upload.recordingProgress')}
            />
          </Stack>
        )}
        {preview && (
          <form noValidate onSubmit={submitWith(submit)}>
            <Stack>
              <Text size="sm" data-testid="transcript-summary">
                {t('upload.summary', {
                  format: t(`formats.${preview.format}`),
                  turns: preview.turns,
                  duration: preview.durationMs ? clock(preview.durationMs) : '—',
                  speakers: preview.speakers.length,
                })}
              </Text>
              <Radio.Group
                label={t('upload.whoAreYou')}
                description={t('upload.whoAreYouHelp')}
                value={rep}
                onChange={setRep}
                error={err('repSpeaker')}
                required
              >
                <Stack gap={6} mt={6}>
                  {preview.speakers.map((s) => (
                    <Radio
                      key={s.name}
                      value={s.name}
                      label={t('upload.speaker', { name: s.name, turns: s.turns, words: s.words })}
                      styles={{ label: { overflowWrap: 'anywhere' } }}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <TextInput
                label={t('upload.callTitle')}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                error={err('title')}
                required
                maw={520}
              />
              <ScorecardFields {...choice.fields} scorecardError={err('scorecardId')} />
              {score.isError && !serverErrors && (
                <ErrorAlert>
                  {t('upload.scoreFailed')}{' '}
                  {transcriptProblemText(t, errorInfo(score.error).details) ?? errorMessage(t, score.error)}
                </ErrorAlert>
              )}
              <Group>
                <Button
                  type="submit"
                  loading={score.isPending}
                  leftSection={<IconReportAnalytics size={16} aria-hidden />}
                >
                  {t('upload.score')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </MeetingCard>
  );
}
