import { SegmentedControl, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REVIEW_NOTE, type CriterionReport } from '../../../server/contracts/reports';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useFormat } from '../../lib/format';
import { notifyFailure, notifyNotice, notifySuccess } from '../../lib/notify';
import { FormModal } from '../../components/modal-footer';

interface Props {
  callId: string;
  clientId?: string;
  criterion: CriterionReport;
  onClose: () => void;
}

const tail = (key: string) => key.replace(/^reports\./, '');

/** Manager review: a new level and a required note; the server recomputes the score. */
export function ReviewModal({ callId, clientId, criterion, onClose }: Props) {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const [level, setLevel] = useState<string>(
    String(criterion.level === null ? 1 : criterion.level === 2 ? 1 : criterion.level + 1),
  );
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ level?: string; note?: string }>({});
  const scope = clientId ? { clientId } : {};
  const override = useMutation(
    trpc.reports.override.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.reports.get.queryKey({ ...scope, callId }) });
      },
    }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!note.trim()) next.note = t('review.noteRequired');
    if (Number(level) === criterion.level) next.level = t('review.levelUnchanged');
    setErrors(next);
    if (next.note || next.level) return;
    try {
      const r = await override.mutateAsync({
        ...scope,
        callId,
        criterionId: criterion.criterionId,
        level: Number(level),
        note: note.trim(),
        fromLevel: criterion.level,
      });
      notifySuccess(t('review.success', { score: f.score(r.score) }));
      onClose();
    } catch (e) {
      const info = errorInfo(e);
      // reviewed by someone else meanwhile: close, and show the report as it is now
      if (info.appCode === 'CONFLICT' && info.details?.fieldErrors) {
        void queryClient.invalidateQueries({ queryKey: trpc.reports.get.queryKey({ ...scope, callId }) });
        notifyNotice('orange', t('review.changedMeanwhile'), t('review.failed'));
        onClose();
        return;
      }
      const fe = info.fieldErrors ?? (info.details?.fieldErrors as Record<string, string[]> | undefined) ?? {};
      setErrors({
        note: fe.note?.[0] ? t(tail(fe.note[0])) : undefined,
        level: fe.level?.[0] ? t(tail(fe.level[0])) : undefined,
      });
      notifyFailure(tc, t('review.failed'), e);
    }
  };

  const levelLabel =
    criterion.level === null ? t('criteria.notAssessable') : t('criteria.level', { level: criterion.level });
  return (
    <FormModal
      onClose={onClose}
      title={t('review.title', { criterion: criterion.name })}
      onSubmit={(e) => void submit(e)}
      noValidate
      gap="sm"
      cancelLabel={t('review.cancel')}
      confirmLabel={t('review.save')}
      loading={override.isPending}
    >
      <Text size="sm">{t('review.current', { level: levelLabel })}</Text>
      <div>
        <Text component="label" id="review-level-label" size="sm" fw={500}>
          {t('review.level')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="review-level-label"
          value={level}
          onChange={setLevel}
          data={[0, 1, 2].map((l) => ({ value: String(l), label: t('criteria.level', { level: l }) }))}
        />
        {criterion.levelDescriptions[Number(level)] && (
          <Text size="xs" c="dimmed" mt={4}>
            {criterion.levelDescriptions[Number(level)]}
          </Text>
        )}
        {errors.level && (
          <Text size="xs" c="red" mt={4} role="alert">
            {errors.level}
          </Text>
        )}
      </div>
      <Textarea
        label={t('review.note')}
        placeholder={t('review.notePlaceholder')}
        required
        autosize
        minRows={3}
        maxLength={MAX_REVIEW_NOTE}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={errors.note}
        data-autofocus
      />
    </FormModal>
  );
}
