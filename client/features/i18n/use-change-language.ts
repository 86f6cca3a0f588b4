import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18n, { saveLanguagePreference, type Language } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { notifyFailure } from '../../lib/notify';

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
        notifyFailure(t, t('notifications.errorTitle'), error);
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
