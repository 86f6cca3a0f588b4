import { Select, TextInput } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { checkPassword } from '../../../server/contracts/password-policy';
import { createUserInput, type ManagedUserRow } from '../../../server/contracts/users';
import { MANAGED_USER_TYPES, type ManagedUserType } from '../../../server/contracts/user-types';
import { PasswordField } from '../../components/password-field';
import { errorInfo } from '../../lib/errors';
import { LANGUAGES } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { PasswordChecklist } from '../profile/password-checklist';
import { useUsersT } from './users-i18n';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { fieldsWithErrors } from '../../lib/form-field';
import { FormModal } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';

interface Values {
  email: string;
  username: string;
  displayName: string;
  userType: ManagedUserType | '';
  managerId: string | null;
  language: string | null;
  password: string;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  clientId?: string;
  /** null: add a user. */
  user: ManagedUserRow | null;
  onCreated: (email: string, generatedPassword: string | null) => void;
  /** Team page: a manager adds a Sales Rep to their own team (type fixed, manager = the manager). */
  teamMember?: boolean;
}

const EMPTY: Values = {
  email: '',
  username: '',
  displayName: '',
  userType: 'sales_rep',
  managerId: null,
  language: null,
  password: '',
};

function toInput(v: Values) {
  return {
    email: v.email,
    username: v.username,
    displayName: v.displayName.trim() === '' ? null : v.displayName,
    userType: v.userType,
    managerId: v.managerId,
    language: (v.language as (typeof LANGUAGES)[number] | null) ?? null,
    password: v.password === '' ? undefined : v.password,
  };
}

export function UserFormModal({ opened, onClose, clientId, user, onCreated, teamMember = false }: Props) {
  const { t, tc, tk } = useUsersT();
  const queryClient = useQueryClient();
  const editing = user !== null;
  const policy = useQuery(trpc.auth.passwordPolicy.queryOptions());
  const managers = useQuery({ ...trpc.users.managers.queryOptions({ clientId }), enabled: opened && !teamMember });
  const schemaErrors = zodResolver(createUserInput);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = schemaErrors(toInput(values));
      delete errors.password;
      if (values.password !== '' && policy.data && checkPassword(values.password, policy.data).length)
        errors.password = 'users.form.policyNotMet';
      return errors;
    },
  });

  // load the edited user (or a blank form) each time the modal opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      user
        ? {
            email: user.email,
            username: user.username,
            displayName: user.displayName ?? '',
            userType: user.userType === 'superuser' ? '' : user.userType,
            managerId: user.manager?.id ?? null,
            language: user.language,
            password: '',
          }
        : EMPTY,
    );
    form.resetDirty();
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when opening or switching user
  }, [opened, user?.id]);

  const listKey = trpc.users.list.queryKey({ clientId });
  const managersKey = trpc.users.managers.queryKey({ clientId });
  const create = useMutation(trpc.users.create.mutationOptions());
  const update = useMutation(trpc.users.update.mutationOptions());
  const pending = create.isPending || update.isPending;

  const applyServerError = (e: unknown) => {
    const { appCode, details, fieldErrors } = errorInfo(e);
    const field = details?.field;
    if (appCode === 'CONFLICT' && field === 'email') form.setFieldError('email', 'users.form.emailTaken');
    else if (appCode === 'CONFLICT' && field === 'username') form.setFieldError('username', 'users.form.usernameTaken');
    else if (appCode === 'PASSWORD_POLICY') form.setFieldError('password', 'users.form.policyNotMet');
    else if (appCode === 'VALIDATION' && field === 'managerId')
      form.setFieldError('managerId', 'users.form.managerInvalid');
    else if (appCode === 'VALIDATION' && field === 'userType') form.setFieldError('userType', 'users.form.ownType');
    else if (fieldErrors)
      form.setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v?.[0] ?? ''])));
  };

  const submit = form.onSubmit(async (values) => {
    const input = toInput(values) as ReturnType<typeof toInput> & { userType: ManagedUserType };
    try {
      if (user) {
        const saved = await update.mutateAsync({ ...input, id: user.id, clientId });
        notifySuccess(t('notify.updated', { email: saved.email }));
      } else {
        const res = await create.mutateAsync({ ...input, clientId });
        onCreated(res.user.email, res.generatedPassword);
        notifySuccess(t('notify.created', { email: res.user.email }));
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: managersKey }),
      ]);
      onClose();
    } catch (e) {
      applyServerError(e);
      notifyFailure(tc, t(editing ? 'errors.update' : 'errors.create'), e);
    }
  });

  const err = (key: keyof Values) => tk(form.errors[key] as string | undefined);
  const managerOptions = (managers.data ?? [])
    .filter((m) => m.id !== user?.id)
    .map((m) => ({ value: m.id, label: `${m.displayName || m.username} (${m.email})` }));

  const field = fieldsWithErrors(form, err);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(editing ? 'form.editTitle' : 'form.addTitle')}
      size="lg"
      onSubmit={submit}
      noValidate
      cancelLabel={t('form.cancel')}
      confirmLabel={t(editing ? 'form.save' : 'form.create')}
      loading={pending}
      lockWhileLoading
    >
      <TextInput label={t('form.email')} type="email" autoComplete="off" withAsterisk {...field('email')} />
      <TextInput label={t('form.username')} autoComplete="off" withAsterisk {...field('username')} />
      <TextInput label={t('form.displayName')} autoComplete="off" {...field('displayName')} />
      <ChoiceSelect
        label={t('form.userType')}
        values={MANAGED_USER_TYPES}
        optionLabel={(type) => t(`types.${type}`)}
        {...field('userType')}
        disabled={teamMember}
      />
      {teamMember ? null : managers.isError ? (
        <ErrorAlert>{t('managersLoadFailed')}</ErrorAlert>
      ) : (
        <Select
          label={t('form.manager')}
          placeholder={t('form.noManager')}
          clearable
          searchable
          data={managerOptions}
          nothingFoundMessage={t('form.noManager')}
          {...field('managerId')}
        />
      )}
      <Select
        label={t('form.language')}
        placeholder={t('form.languageDefault')}
        clearable
        data={LANGUAGES.map((l) => ({ value: l, label: tc(`languages.${l}`) }))}
        {...form.getInputProps('language')}
      />
      <PasswordField
        label={t('form.password')}
        description={t(editing ? 'form.passwordHintEdit' : 'form.passwordHintCreate')}
        autoComplete="new-password"
        {...field('password')}
      />
      {policy.data && form.values.password !== '' && (
        <PasswordChecklist policy={policy.data} password={form.values.password} />
      )}
    </FormModal>
  );
}
