import { IconHeadset, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../../components/action-buttons';
import { DryRunBody } from './dry-run-dialog';
import { TestDialogBody } from './simulation-test-dialog';
import { Modal } from '@mantine/core';

interface Props {
  simulationId: string;
  name: string;
  clientId?: string;
}

/** Each call a simulation card starts, with its dialog's size and body. */
const DIALOGS = {
  test: { size: 'xl', Body: TestDialogBody },
  dryRun: { size: 'lg', Body: DryRunBody },
} as const;

/** The Test and Dry run actions of a simulation card, each with its dialog. */
export function SimulationCallActions({ simulationId, name, clientId }: Props) {
  const { t } = useTranslation('calls');
  const [open, setOpen] = useState<keyof typeof DIALOGS | null>(null);
  return (
    <>
      <ActionButtons
        size="xs"
        label={(key) => t(`list.${key}`)}
        ariaLabel={(key) => t(`list.${key}Label`, { name })}
        actions={[
          { key: 'test', icon: IconHeadset, variant: 'light', onClick: () => setOpen('test') },
          { key: 'dryRun', icon: IconMessages, onClick: () => setOpen('dryRun') },
        ]}
      />
      {(Object.keys(DIALOGS) as (keyof typeof DIALOGS)[]).map((kind) => {
        const { size, Body } = DIALOGS[kind];
        return (
          <Modal
            key={kind}
            opened={open === kind}
            onClose={() => setOpen(null)}
            title={t(`${kind}.title`)}
            size={size}
            closeOnClickOutside={false}
          >
            {open === kind && <Body simulationId={simulationId} clientId={clientId} onClose={() => setOpen(null)} />}
          </Modal>
        );
      })}
    </>
  );
}
