import { Alert, NumberInput, Radio, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import type { LmsTargetKind, LmsUnknownLearners, ScormVersion } from '../../../server/contracts/enums';
import { LMS_UNKNOWN_LEARNERS } from '../../../server/contracts/enums';
import { createScormPackageInput, SCORM_TITLE_MAX } from '../../../server/contracts/scorm';
import { AppModal } from '../../components/app-modal';
import { ModalFooter } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';
import { translateErrorCode, translateMessageKey } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { submitWith } from '../../lib/submit';
import { trpc } from '../../lib/trpc';
import { WithScreenTexts } from '../i18n/screen-texts';
import { ScormPackagesSection } from './scorm-packages';
import { useScormT } from './use-scorm-t';

export interface ScormTarget {
  kind: LmsTargetKind;
  id: string;
  name: string;
}

/**
 * "Export for LMS (SCORM)": the package's title, SCORM version, what learners without a Spar account
 * get and the passing score; "Create and download" creates the package and saves its zip (which can
 * be had only then). Below, the packages already made of this exercise, with revoke.
 */
export function ScormExportModal({
  target,
  title,
  onClose,
}: {
  target: ScormTarget | null;
  /** The modal's title, from the page's own texts (this one's come with it). */
  title: string;
  onClose: () => void;
}) {
  const mobile = useMediaQuery('(max-width: 48em)');
  return (
    <AppModal opened={!!target} onClose={onClose} title={title} size="xl" fullScreen={mobile}>
      {target && (
        <WithScreenTexts namespaces={['scorm']}>
          <ExportForm key={`${target.kind}:${target.id}`} target={target} onClose={onClose} />
        </WithScreenTexts>
      )}
    </AppModal>
  );
}

/** The server's refusal, translated: its first field error, its message key, else its code. */
async function refusalText(t: TFunction, res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as {
    error?: { code?: string; message?: string; details?: { fieldErrors?: Record<string, string[]> } };
  } | null;
  const first = Object.values(body?.error?.details?.fieldErrors ?? {}).flat()[0];
  if (first) return translateMessageKey(t, first);
  const message = body?.error?.message ?? '';
  if (/^[a-z]+(\.[A-Za-z]+)+$/.test(message)) return translateMessageKey(t, message);
  return translateErrorCode(t, body?.error?.code ?? 'INTERNAL');
}

/** Saves bytes as a file in the browser's downloads. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const fileNameOf = (res: Response) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'spar-scorm.zip';

function ExportForm({ target, onClose }: { target: ScormTarget; onClose: () => void }) {
  const { t } = useScormT();
  const queryClient = useQueryClient();
  const ids = { title: useId(), existing: useId() };
  const [title, setTitle] = useState(target.name.slice(0, SCORM_TITLE_MAX));
  const [version, setVersion] = useState<ScormVersion>('2004');
  const [policy, setPolicy] = useState<LmsUnknownLearners>(target.kind === 'certification' ? 'account' : 'guest');
  const [passingScore, setPassingScore] = useState<number | string>(70);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const parsed = createScormPackageInput.safeParse({
      title,
      version,
      targetKind: target.kind,
      targetId: target.id,
      unknownLearners: policy,
      passingScore: typeof passingScore === 'number' ? passingScore : Number.NaN,
    });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        errors[field] ??= translateMessageKey(t, issue.message);
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setError(null);
    setPending(true);
    try {
      const res = await fetch('/api/v1/lms/scorm/packages', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/zip, application/json' },
        body: JSON.stringify(parsed.data),
      });
      if (!res.ok) {
        setError(`${t('export.failed')} ${await refusalText(t, res)}`);
        return;
      }
      saveBlob(await res.blob(), fileNameOf(res));
      notifySuccess(t('export.created'));
      await queryClient.invalidateQueries({ queryKey: trpc.scorm.list.queryKey() });
    } catch {
      setError(`${t('export.failed')} ${translateErrorCode(t, 'NETWORK')}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="lg">
      <form onSubmit={submitWith(() => void submit())}>
        <Stack>
          <Text size="sm" c="dimmed" id={ids.title} style={{ overflowWrap: 'anywhere' }}>
            {t('export.intro')}
          </Text>
          <TextInput
            label={t('export.packageTitle')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={fieldErrors.title}
            maxLength={SCORM_TITLE_MAX}
            required
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${ids.title}-version`}>
              {t('export.version')}
            </Text>
            <SegmentedControl
              aria-labelledby={`${ids.title}-version`}
              value={version}
              onChange={(v) => setVersion(v as ScormVersion)}
              data={[
                { value: '2004', label: t('export.version2004') },
                { value: '1.2', label: t('export.version12') },
              ]}
              fullWidth
            />
            <Text size="xs" c="dimmed">
              {t('export.versionHelp')}
            </Text>
          </Stack>
          <Radio.Group
            label={t('export.unknownLearners')}
            description={t('export.policyHelp')}
            value={policy}
            onChange={(v) => setPolicy(v as LmsUnknownLearners)}
            error={fieldErrors.unknownLearners}
          >
            <Stack gap="xs" mt="xs">
              {LMS_UNKNOWN_LEARNERS.map((p) => (
                <Radio key={p} value={p} label={t(`export.policy.${p}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {target.kind === 'certification' && policy === 'guest' && (
            <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t('export.guestCertification')}
            </Alert>
          )}
          <NumberInput
            label={t('export.passingScore')}
            description={t('export.passingScoreHelp')}
            value={passingScore}
            onChange={setPassingScore}
            min={0}
            max={100}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            error={fieldErrors.passingScore}
            maw={200}
            required
          />
          <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('export.downloadOnce')}
          </Alert>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <ModalFooter
            cancelLabel={t('app.cancel')}
            onCancel={onClose}
            confirmLabel={t('export.create')}
            icon={IconDownload}
            loading={pending}
          />
        </Stack>
      </form>
      <Stack gap="xs" component="section" aria-labelledby={ids.existing}>
        <Title order={3} size="h5" id={ids.existing}>
          {t('packages.title')}
        </Title>
        <ScormPackagesSection target={{ kind: target.kind, id: target.id }} />
      </Stack>
    </Stack>
  );
}
