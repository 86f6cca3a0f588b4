import { Button, Group, Stack } from '@mantine/core';
import { PasswordField } from '../../components/password-field';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkPassword } from '../../../server/contracts/password-policy';
import type { PasswordPolicy } from '../../../server/contracts/password-policy';
import { changePasswordInput } from '../../../server/contracts/profile';
import { errorInfo, fieldErrorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { PasswordChecklist } from './password-checklist';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { fieldsWithErrors } from '../../lib/form-field';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

export function PasswordForm({ policy }: { policy: PasswordPolicy }) {
  const { t } = useTranslation();
  const schemaErrors = zodResolver(changePasswordInput);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const errors: Record<string, string> = schemaErrors(values);
      if (!errors.newPassword && checkPassword(values.newPassword, policy).length)
        errors.newPassword = 'profile.password.policyNotMet';
      if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'profile.password.mismatch';
      return errors;
    },
  });
  const change = useMutation(trpc.profile.changePassword.mutationOptions());

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      notifySuccess(t('profile.password.changed'));
    } catch (e) {
      const { appCode } = errorInfo(e);
      if (appCode === 'WRONG_PASSWORD') form.setFieldError('currentPassword', 'errors.WRONG_PASSWORD');
      else if (appCode === 'PASSWORD_POLICY') form.setFieldError('newPassword', 'profile.password.policyNotMet');
      else notifyFailure(t, t('notifications.errorTitle'), e);
    }
  });

  const fieldError = (key: Field) => fieldErrorText(t, form.errors[key]);

  const field = fieldsWithErrors(form, fieldError);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PasswordField
          label={t('profile.password.current')}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordField label={t('profile.password.new')} autoComplete="new-password" {...field('newPassword')} />
        <PasswordChecklist policy={policy} password={form.values.newPassword} />
        <PasswordField
          label={t('profile.password.confirm')}
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('profile.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
