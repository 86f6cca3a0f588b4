import { ActionIcon, Affix } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSupport } from './support-context';

/** Floating help for signed-in users: opens the Contact Support dialog. */
export function HelpButton() {
  const { t } = useTranslation();
  const { openSupport } = useSupport();
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <ActionIcon size={52} radius="xl" variant="filled" aria-label={t('support.button')} onClick={openSupport}>
        <IconHelp size={28} aria-hidden />
      </ActionIcon>
    </Affix>
  );
}
