import { IconHeadset, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../../components/action-buttons';
import { DryRunDialog } from './dry-run-dialog';
import { SimulationTestDialog } from './simulation-test-dialog';

interface Props {
  simulationId: string;
  name: string;
  clientId?: string;
}

/** The Test and Dry run actions of a simulation card, each with its dialog. */
export function SimulationCallActions({ simulationId, name, clientId }: Props) {
  const { t } = useTranslation('calls');
  const [open, setOpen] = useState<'test' | 'dry' | null>(null);
  return (
    <>
      <ActionButtons
        size="xs"
        label={(key) => t(`list.${key}`)}
        ariaLabel={(key) => t(`list.${key}Label`, { name })}
        actions={[
          { key: 'test', icon: IconHeadset, variant: 'light', onClick: () => setOpen('test') },
          { key: 'dryRun', icon: IconMessages, onClick: () => setOpen('dry') },
        ]}
      />
      <SimulationTestDialog
        simulationId={simulationId}
        clientId={clientId}
        opened={open === 'test'}
        onClose={() => setOpen(null)}
      />
      <DryRunDialog
        simulationId={simulationId}
        clientId={clientId}
        opened={open === 'dry'}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
