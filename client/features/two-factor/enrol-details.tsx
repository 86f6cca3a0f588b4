import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What an authenticator app needs: the QR code (made by the server) and the same key to type in. */
export function EnrolDetails({ secret, qrDataUrl }: { secret: string; qrDataUrl: string }) {
  const { t } = useTranslation();
  // groups of four, as apps show them; the app accepts it with or without the spaces
  const grouped = secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <Stack gap="xs">
      <Text size="sm">{t('two-factor:enrol.scan')}</Text>
      <img
        src={qrDataUrl}
        alt={t('two-factor:enrol.qrAlt')}
        width={200}
        height={200}
        style={{ alignSelf: 'center', maxWidth: '100%', height: 'auto' }}
      />
      <Text size="sm" id="two-factor-secret-label">
        {t('two-factor:enrol.manual')}
      </Text>
      <Text
        ff="monospace"
        fw={600}
        aria-labelledby="two-factor-secret-label"
        data-testid="two-factor-secret"
        style={{ wordBreak: 'break-all', userSelect: 'all' }}
      >
        {grouped}
      </Text>
    </Stack>
  );
}
