import { useState } from 'react';
import { Stack, Text, TextInput, Textarea } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supportInput } from '../../../server/contracts/support';
import { delay } from '../../lib/delay';
import { errorInfo, errorMessage, fieldErrorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { notifySuccess } from '../../lib/notify';
import { fieldsWithErrors } from '../../lib/form-field';
import { ModalFooter } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';

/** The sending state shows at least this long, even when the server answers sooner, so the user sees that the request was sent. */
const MIN_SENDING_MS = 1000;

interface Props {
  opened: boolean;
  onClose: () => void;
}

export function SupportModal({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useMutation(trpc.support.create.mutationOptions());
  const form = useForm({
    initialValues: { subject: '', description: '' },
    validate: zodResolver(supportInput.pick({ subject: true, description: true })),
  });

  const close = () => {
    if (sending) return;
    setServerError(null);
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    setServerError(null);
    const [result] = await Promise.allSettled([
      create.mutateAsync({ ...values, pageUrl: window.location.pathname }),
      delay(MIN_SENDING_MS),
    ]);
    setSending(false);
    if (result.status === 'rejected') {
      const { fieldErrors } = errorInfo(result.reason);
      if (fieldErrors)
        form.setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v?.[0] ?? ''])));
      setServerError(errorMessage(t, result.reason));
      return;
    }
    form.reset();
    onClose();
    notifySuccess(t('support.sent'));
  });

  const fieldError = (key: 'subject' | 'description') => fieldErrorText(t, form.errors[key]);

  const field = fieldsWithErrors(form, fieldError);
  return (
    <AppModal opened={opened} onClose={close} title={t('support.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('support.intro')}
          </Text>
          {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
          <TextInput label={t('support.subject')} withAsterisk {...field('subject')} disabled={sending} />
          <Textarea
            label={t('support.description')}
            withAsterisk
            autosize
            minRows={4}
            maxRows={10}
            {...field('description')}
            disabled={sending}
          />
          <ModalFooter
            cancelLabel={t('app.cancel')}
            onCancel={close}
            cancelDisabled={sending}
            confirmLabel={sending ? t('support.sending') : t('support.send')}
            disabled={sending}
          />
        </Stack>
      </form>
    </AppModal>
  );
}
