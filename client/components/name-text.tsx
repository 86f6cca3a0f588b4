import { Table, Text, Tooltip, type TextProps } from '@mantine/core';
import { useEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react';

type Props = TextProps &
  Omit<ComponentPropsWithoutRef<'p'>, keyof TextProps | 'children'> & {
    children: string;
    /** Lines shown before the name is cut with "…" (the whole name is then in a tooltip). */
    lines?: number;
    /** A card's heading: rendered as that heading level, in the size of a Title of `size`. */
    heading?: { order: 2 | 3 | 4; size: 'h3' | 'h4' | 'h5' };
  };

/**
 * A name someone typed (assignment, simulation, scorecard, person): a very long word breaks
 * instead of pushing the layout off-screen, and past `lines` lines the name is cut with "…" and
 * shown whole in a tooltip. Screen readers always get the whole name (the clamp is visual).
 */
export function NameText({ children, lines = 2, heading, style, ...props }: Props) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setCut(el.scrollHeight > el.clientHeight + 1);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [children, lines]);
  return (
    <Tooltip
      label={children}
      disabled={!cut}
      multiline
      maw={360}
      withinPortal
      openDelay={200}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Text
        ref={ref}
        component={heading ? (`h${heading.order}` as 'h2') : 'p'}
        lineClamp={lines}
        data-name-text
        data-truncated={cut || undefined}
        tabIndex={cut ? 0 : undefined}
        {...(heading
          ? {
              fw: 700,
              m: 0,
              fz: `var(--mantine-${heading.size}-font-size)`,
              lh: `var(--mantine-${heading.size}-line-height)`,
            }
          : {})}
        style={{ overflowWrap: 'anywhere', minWidth: 0, ...(style as object) }}
        {...props}
      >
        {children}
      </Text>
    </Tooltip>
  );
}

/** A table cell holding one name someone typed, in the tables' small text (see NameText). */
export function NameCell({ children }: { children: string }) {
  return (
    <Table.Td>
      <NameText size="sm">{children}</NameText>
    </Table.Td>
  );
}
