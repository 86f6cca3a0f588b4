import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff, IconReportAnalytics } from '@tabler/icons-react';
import { useSearch } from 'wouter';
import { ctaPaths } from '../features/campaigns/cta-api';
import { useCtaT } from '../features/campaigns/use-cta-t';

/**
 * /magic-link/used: the link was already used — or, with ?reason=started, it expired
 * because its exercise had been started. A guest whose call was completed can still open their report.
 */
// the report page is a full page load: its Content-Security-Policy (which frames the campaign's
// scheduler, and only that) comes with its own document
export default function MagicLinkUsedPage() {
  const { t } = useCtaT();
  const q = new URLSearchParams(useSearch());
  const reason = q.get('reason') === 'started' ? 'started' : 'used';
  const cta = q.get('cta');
  const token = q.get('token');
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" data-testid="link-used" data-reason={reason}>
      <Stack align="flex-start">
        <IconLinkOff size={32} aria-hidden />
        <Title order={1} size="h2">
          {t(`guest.problem.${reason}.title`)}
        </Title>
        <Text>{t(`guest.problem.${reason}.text`)}</Text>
        {reason === 'used' && cta && token && (
          <Button
            component="a"
            href={ctaPaths.report({ ctaId: cta, token })}
            variant="light"
            leftSection={<IconReportAnalytics size={18} aria-hidden />}
          >
            {t('guest.complete.viewReport')}
          </Button>
        )}
        <Text size="sm" c="dimmed">
          {t('guest.contact')}
        </Text>
      </Stack>
    </Paper>
  );
}
