import { ActionIcon, Affix } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSupport } from './support-context';

/**
 * Help for signed-in users: opens the Contact Support dialog. It floats in the bottom corner,
 * except where it would sit over the controls at the bottom of the page — during a call (the
 * typed-input box and its Send button) it is a button in the header instead.
 */
export function HelpButton({ placement = 'floating' }: { placement?: 'floating' | 'header' }) {
  const { t } = useTranslation();
  const { openSupport } = useSupport();
  if (placement === 'header')
    return (
      <ActionIcon
        size={36}
        radius="xl"
        variant="light"
        aria-label={t('support.button')}
        onClick={openSupport}
        data-testid="help-button"
      >
        <IconHelp size={22} aria-hidden />
      </ActionIcon>
    );
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <ActionIcon
        size={52}
        radius="xl"
        variant="filled"
        aria-label={t('support.button')}
        onClick={openSupport}
        data-testid="help-button"
      >
        <IconHelp size={28} aria-hidden />
      </ActionIcon>
    </Affix>
  );
}
