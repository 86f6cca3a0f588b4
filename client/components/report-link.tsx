import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

interface Props extends AnchorProps {
  /** The call whose report opens; empty while the call has no report to show, and `fallback` stands instead. */
  callId: string | null | undefined | false;
  fallback: ReactNode;
  children: ReactNode;
}

/** A link to a call's report in a list's row, or `fallback` (a dash, the plain name) while there is none. */
export function ReportLink({ callId, fallback, children, ...anchor }: Props) {
  if (!callId) return fallback;
  return (
    <Anchor component={Link} href={`/reports/${callId}`} {...anchor}>
      {children}
    </Anchor>
  );
}
