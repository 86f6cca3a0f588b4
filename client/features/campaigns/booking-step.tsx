import { Alert, Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { isBookingMessage, schedulerFrameSrc, type CtaReport } from '../../../server/contracts/campaigns';
import { useFormat } from '../../lib/format';
import { ctaApi, type CtaCredentials } from './cta-api';
import { useCtaT } from './use-cta-t';

/**
 * The Book-a-Call step after the guest's report: the campaign's banner CTA message and, when asked
 * for, its scheduler embedded inline (Cal.com or Calendly, prefilled with the guest's name and
 * e-mail) — or, without a scheduler, the campaign's CTA instructions. The scheduler's booking
 * event (checked by its origin) marks the link booked.
 */
export function BookingStep({ link, report }: { link: CtaCredentials; report: CtaReport }) {
  const { t } = useCtaT();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const [bookedAt, setBookedAt] = useState<string | null>(report.booked_at);
  const { booking } = report;
  const saving = useRef(false);
  const hasScheduler = booking.provider !== 'none' && !!booking.url;
  const src = hasScheduler
    ? schedulerFrameSrc(
        booking.provider,
        booking.url!,
        { name: report.first_name, email: report.email },
        window.location.host,
      )
    : null;

  useEffect(() => {
    if (!open || !hasScheduler) return;
    const onMessage = (e: MessageEvent) => {
      if (!isBookingMessage(booking.provider, booking.origins, e.origin, e.data) || saving.current) return;
      saving.current = true;
      void ctaApi
        .booked(link)
        .then((r) => setBookedAt(r.booked_at))
        .catch(() => setBookedAt(new Date().toISOString())) // the booking itself happened in the scheduler either way
        .finally(() => (saving.current = false));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, hasScheduler, booking.provider, booking.origins, link]);

  if (!hasScheduler && !report.campaign.cta_instructions && !report.campaign.banner_message) return null;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="book-a-call"
      bg="violet.0"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="book-a-call">
          {t('guest.booking.title')}
        </Title>
        {report.campaign.banner_message && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.campaign.banner_message}</Text>
        )}
        {bookedAt && (
          <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} role="status" data-testid="booked">
            {t('guest.booking.booked', { date: f.dateTime(bookedAt) })}
          </Alert>
        )}
        {!open && !bookedAt && (
          <Button
            w="fit-content"
            size="md"
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            {t('guest.booking.open')}
          </Button>
        )}
        {open && src && !bookedAt && (
          <Box
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 8,
              overflow: 'hidden',
              background: 'white',
            }}
          >
            <iframe
              src={src}
              title={t('guest.booking.frame')}
              style={{ width: '100%', height: 720, border: 0, display: 'block' }}
              data-testid="scheduler-frame"
            />
          </Box>
        )}
        {open && !src && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="cta-instructions">
            {report.campaign.cta_instructions || t('guest.booking.noInstructions')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
