import { Button, Group, Stack } from '@mantine/core';
import { AppModal } from './app-modal';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The feature's namespace; it names `wizard.{editTitle,createTitle,cancel,back,next,save}`. */
  ns: string;
  editing: boolean;
  step: number;
  lastStep: number;
  saving: boolean;
  onClose: () => void;
  setStep: (step: number) => void;
  onNext: () => void;
  onSave: () => unknown;
  /** Keeps a click beside the dialog from losing the work done so far. */
  closeOnClickOutside?: boolean;
  /** The steps, and what stands above them. */
  children: ReactNode;
}

/**
 * A create/edit wizard's dialog (full screen on phones; it stays open while saving), ending in
 * cancel (on the first step) or back, then next, or save on the last step.
 */
export function WizardModal({ ns, editing, step, lastStep, saving, onClose, setStep, onNext, onSave, ...rest }: Props) {
  const { t } = useTranslation(ns);
  const mobile = useMediaQuery('(max-width: 48em)');
  return (
    <AppModal
      opened
      onClose={saving ? () => {} : onClose}
      title={editing ? t('wizard.editTitle') : t('wizard.createTitle')}
      size="xl"
      fullScreen={mobile}
      closeOnClickOutside={rest.closeOnClickOutside}
    >
      <Stack>
        {rest.children}
        <Group justify="space-between">
          <Button variant="default" onClick={step === 0 ? onClose : () => setStep(step - 1)} disabled={saving}>
            {step === 0 ? t('wizard.cancel') : t('wizard.back')}
          </Button>
          {step < lastStep ? (
            <Button onClick={onNext}>{t('wizard.next')}</Button>
          ) : (
            <Button onClick={() => void onSave()} loading={saving}>
              {t('wizard.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}
