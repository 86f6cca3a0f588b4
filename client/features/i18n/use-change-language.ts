import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import i18n, { saveLanguagePreference, type Language } from '../../lib/i18n';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/** An explicit language choice: saved locally, applied at once and stored on the user's profile. */
export function useChangeLanguage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation(
    trpc.profile.setLanguage.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() });
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: t('notifications.errorTitle'), message: errorMessage(t, error) });
      },
    }),
  );
  const changeLanguage = async (lng: Language, opts: { saveOnServer?: boolean } = {}) => {
    saveLanguagePreference(lng);
    await i18n.changeLanguage(lng);
    if (opts.saveOnServer !== false) await mutation.mutateAsync({ user_language: lng }).catch(() => undefined);
  };
  return { changeLanguage, saving: mutation.isPending };
}
