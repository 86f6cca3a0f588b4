import { Box, Pagination, Stack, Text } from '@mantine/core';
import { pageCount, shownRange } from './paging';
import { useAssignmentsTranslation } from './shared';

/**
 * "Showing X–Y of Z" and, when there is more than one page, the page buttons. Below 400 px of width
 * the buttons give way to "Page N of M" between the first/previous/next/last controls.
 */
export function AssignmentsPager({
  kind,
  page,
  shownPage,
  pageSize,
  total,
  shown,
  onChange,
}: {
  kind: 'pending' | 'completed';
  /** The page asked for (the URL's): the active button. */
  page: number;
  /** The page whose `shown` rows are on screen: differs from `page` while the next one loads. */
  shownPage: number;
  pageSize: number;
  total: number;
  shown: number;
  onChange: (page: number) => void;
}) {
  const { t, i18n } = useAssignmentsTranslation();
  const pages = pageCount(total, pageSize);
  const { from, to } = shownRange(shownPage, pageSize, shown);
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="xs" mt="sm">
      {/* a polite live region: a screen reader hears the new range after each page change */}
      <Text size="sm" c="dimmed" role="status">
        {t('pagination.showing', { from: n.format(from), to: n.format(to), total: n.format(total) })}
      </Text>
      {total > pageSize && (
        <Box
          component="nav"
          aria-label={kind === 'pending' ? t('pagination.navPending') : t('pagination.navCompleted')}
        >
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            size="sm"
            withEdges
            layout="responsive"
            getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: n.format(p) }) })}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
            formatLabel={({ page: current, totalPages }) =>
              t('pagination.pageOf', { page: n.format(current), total: n.format(totalPages) })
            }
          />
        </Box>
      )}
    </Stack>
  );
}
