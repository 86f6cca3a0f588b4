import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateProfileInput } from '../../../server/contracts/profile';
import { errorInfo, fieldErrorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { fieldsWithErrors } from '../../lib/form-field';

interface Props {
  profile: { username: string; email: string; display_name: string | null };
}

export function ProfileDetailsForm({ profile }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { displayName: profile.display_name ?? '', username: profile.username },
    validate: zodResolver(updateProfileInput),
  });
  const update = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.profile.get.queryKey(), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        form.resetDirty({ displayName: saved.display_name ?? '', username: saved.username });
        notifySuccess(t('profile.saved'));
      },
    }),
  );

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync({ displayName: values.displayName.trim() || null, username: values.username });
    } catch (e) {
      const { appCode, details, fieldErrors } = errorInfo(e);
      if (appCode === 'CONFLICT') {
        form.setFieldError(details?.field === 'displayName' ? 'displayName' : 'username', 'profile.usernameTaken');
      } else if (fieldErrors && Object.keys(fieldErrors).length) {
        form.setErrors(
          Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v?.[0] ?? 'errors.VALIDATION'])),
        );
      } else {
        notifyFailure(t, t('notifications.errorTitle'), e);
      }
    }
  });

  const fieldError = (key: 'displayName' | 'username') => fieldErrorText(t, form.errors[key]);

  const field = fieldsWithErrors(form, fieldError);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('profile.displayName')} autoComplete="name" {...field('displayName')} />
        <TextInput label={t('profile.username')} autoComplete="username" {...field('username')} />
        <TextInput label={t('profile.email')} value={profile.email} readOnly variant="filled" />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
