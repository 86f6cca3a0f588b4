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
  const header = placement === 'header';
  const button = (
    <ActionIcon
      size={header ? 36 : 52}
      radius="xl"
      variant={header ? 'light' : 'filled'}
      aria-label={t('support.button')}
      onClick={openSupport}
      data-testid="help-button"
    >
      <IconHelp size={header ? 22 : 28} aria-hidden />
    </ActionIcon>
  );
  if (header) return button;
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      {button}
    </Affix>
  );
}
