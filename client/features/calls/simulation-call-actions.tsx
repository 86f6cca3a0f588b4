import { Button } from '@mantine/core';
import { IconHeadset, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <Button
        size="xs"
        variant="light"
        leftSection={<IconHeadset size={14} aria-hidden />}
        onClick={() => setOpen('test')}
        aria-label={t('list.testLabel', { name })}
      >
        {t('list.test')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconMessages size={14} aria-hidden />}
        onClick={() => setOpen('dry')}
        aria-label={t('list.dryRunLabel', { name })}
      >
        {t('list.dryRun')}
      </Button>
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
