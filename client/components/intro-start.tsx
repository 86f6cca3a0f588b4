import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useFormat } from '../lib/format';

/**
 * How an outsider's intro page ends (the candidate's and the guest's): the recording notice, until
 * when the link works (written by the app's one date-time format), and Start.
 */
export function IntroStart({
  notice,
  expires,
  expiresAt,
  start,
  onStart,
}: {
  notice: string;
  /** The expiry sentence, given the formatted date. */
  expires: (date: string) => string;
  expiresAt: string;
  start: string;
  onStart: () => void;
}) {
  const f = useFormat();
  return (
    <>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        {notice}
      </Alert>
      <Text size="sm" c="dimmed">
        {expires(f.dateTime(expiresAt))}
      </Text>
      <Group>
        <Button size="md" onClick={onStart}>
          {start}
        </Button>
      </Group>
    </>
  );
}
