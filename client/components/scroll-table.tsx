import { Box, Group, Table, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const shade = (side: 'left' | 'right') =>
  ({
    position: 'absolute',
    top: 0,
    bottom: 0,
    [side]: 0,
    width: 28,
    pointerEvents: 'none',
    background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, rgba(0, 0, 0, 0.14), rgba(0, 0, 0, 0))`,
  }) as const;

/**
 * A table that may be wider than the screen. It scrolls sideways and says so while it overflows:
 * a shadow on each edge that has more columns behind it, and a hint below. The scrolling box can
 * take keyboard focus then, so arrow keys scroll it too.
 */
export function ScrollTable({ minWidth, label, children }: { minWidth: number; label?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ overflow: false, left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const overflow = el.scrollWidth > el.clientWidth + 1;
      const left = overflow && el.scrollLeft > 1;
      const right = overflow && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((e) =>
        e.overflow === overflow && e.left === left && e.right === right ? e : { overflow, left, right },
      );
    };
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    for (const child of Array.from(el.children)) ro.observe(child);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      ro.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, []);
  return (
    <Box>
      <Box pos="relative">
        <Table.ScrollContainer
          ref={ref}
          type="native"
          minWidth={minWidth}
          tabIndex={edges.overflow ? 0 : undefined}
          role={edges.overflow ? 'region' : undefined}
          aria-label={edges.overflow ? (label ?? t('table.scrollRegion')) : undefined}
          data-overflow={edges.overflow || undefined}
        >
          {children}
        </Table.ScrollContainer>
        {edges.left && <Box aria-hidden style={shade('left')} />}
        {edges.right && <Box aria-hidden style={shade('right')} data-testid="scroll-shadow-right" />}
      </Box>
      {edges.overflow && (
        <Group gap={4} mt={4} c="dimmed" data-testid="scroll-hint">
          <IconArrowsHorizontal size={14} aria-hidden />
          <Text size="xs">{t('table.scrollHint')}</Text>
        </Group>
      )}
    </Box>
  );
}
