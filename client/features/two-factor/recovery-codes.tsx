import { Alert, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Ten recovery codes, shown once: to copy or download; `onDone` for the button that leaves them. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone?: () => void;
  doneLabel?: string;
}) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'spar-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm" role="region" aria-labelledby="recovery-codes-title">
      <Text fw={600} id="recovery-codes-title">
        {t('two-factor:recovery.title')}
      </Text>
      <Alert color="yellow" p="sm">
        {t('two-factor:recovery.help')}
      </Alert>
      <ul
        data-testid="recovery-codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))',
          gap: '0.25rem 1rem',
          padding: 0,
          margin: 0,
          listStyle: 'none',
          fontFamily: 'monospace',
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy}>
              {copied ? t('two-factor:recovery.copied') : t('two-factor:recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" size="xs" onClick={download}>
          {t('two-factor:recovery.download')}
        </Button>
      </Group>
      {onDone && <Button onClick={onDone}>{doneLabel ?? t('two-factor:recovery.continue')}</Button>}
    </Stack>
  );
}
