import { Alert, Anchor, Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { isBookingMessage, schedulerFrameSrc, type CtaReport } from '../../../server/contracts/campaigns';
import { useFormat } from '../../lib/format';
import { ctaApi, type CtaCredentials } from './cta-api';
import { useCtaT } from './use-cta-t';

/**
 * How long the scheduler has to show a sign of life (Cal.com's and Calendly's embeds post messages
 * to the page as soon as they load) before the guest is given the instructions and a direct link.
 */
const SCHEDULER_LOAD_MS = 12_000;

/**
 * The Book-a-Call step after the guest's report: the campaign's banner CTA message and, when asked
 * for, its scheduler embedded inline (Cal.com or Calendly, prefilled with the guest's name and
 * e-mail) — or, without a scheduler, the campaign's CTA instructions. The scheduler's booking
 * event (checked by its origin) marks the link booked. A scheduler that does not load (blocked,
 * offline, misconfigured) is replaced by the instructions and a direct link to it, and the failure
 * is kept for the campaign's owner.
 */
export function BookingStep({ link, report }: { link: CtaCredentials; report: CtaReport }) {
  const { t } = useCtaT();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const [bookedAt, setBookedAt] = useState<string | null>(report.booked_at);
  const { booking } = report;
  const saving = useRef(false);
  const [failed, setFailed] = useState(false);
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
    let alive = false;
    const timer = window.setTimeout(() => {
      if (alive) return;
      setFailed(true);
      void ctaApi.bookingFailed(link).catch(() => undefined); // the guest's fallback does not depend on it
    }, SCHEDULER_LOAD_MS);
    const onMessage = (e: MessageEvent) => {
      // any message from the scheduler's origin means its page loaded
      if (booking.origins.includes(e.origin)) {
        alive = true;
        setFailed(false);
      }
      if (!isBookingMessage(booking.provider, booking.origins, e.origin, e.data) || saving.current) return;
      saving.current = true;
      void ctaApi
        .booked(link)
        .then((r) => setBookedAt(r.booked_at))
        .catch(() => setBookedAt(new Date().toISOString())) // the booking itself happened in the scheduler either way
        .finally(() => (saving.current = false));
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
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
        {open && src && !bookedAt && failed && (
          <Alert color="orange" role="status" data-testid="scheduler-failed" title={t('guest.booking.failedTitle')}>
            <Stack gap={6}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {report.campaign.cta_instructions || t('guest.booking.noInstructions')}
              </Text>
              <Anchor href={booking.url!} target="_blank" rel="noopener noreferrer" size="sm">
                {t('guest.booking.openDirect')} <IconExternalLink size={14} aria-hidden />
              </Anchor>
            </Stack>
          </Alert>
        )}
        {open && src && !bookedAt && !failed && (
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
