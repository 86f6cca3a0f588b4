import { Stack, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props extends Omit<StackProps, 'style'> {
  /** An `ol` where the order means something (steps, turns); a `ul` otherwise. */
  ordered?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/** A list without bullets or indent: its items stack like any Stack, and the markup still says it is a list. */
export function BareList({ ordered, ...stack }: Props) {
  return <Stack component={ordered ? 'ol' : 'ul'} m={0} p={0} style={{ listStyle: 'none' }} {...stack} />;
}
