import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The feature's namespace; it names `wizard.cancel`, `wizard.back`, `wizard.next` and `wizard.save`. */
  ns: string;
  step: number;
  lastStep: number;
  saving: boolean;
  onClose: () => void;
  setStep: (step: number) => void;
  onNext: () => void;
  onSave: () => unknown;
}

/** A wizard's footer: cancel (on the first step) or back, then next, or save on the last step. */
export function WizardNav({ ns, step, lastStep, saving, onClose, setStep, onNext, onSave }: Props) {
  const { t } = useTranslation(ns);
  return (
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
  );
}
