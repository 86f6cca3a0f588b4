import { Tabs } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { TabList } from '../../components/tab-list';
import { CLIENTS_NS } from './messages';
import { useTabParam } from './use-tab-param';

/**
 * An admin page's tabs, one a panel, in the order given (the first opens by default; the open one
 * is kept in `?tab=`); each panel is drawn with `props` and only while its tab is open.
 */
export function PanelTabs<P extends object>({
  panels,
  props,
  icons,
}: {
  panels: Record<string, ComponentType<P>>;
  props: P;
  icons?: Partial<Record<string, Icon>>;
}) {
  const { t } = useTranslation(CLIENTS_NS);
  const tabs = Object.keys(panels);
  const [tab, setTab] = useTabParam(tabs, tabs[0]!);
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <TabList tabs={tabs} label={(v) => t(`tabs.${v}`)} icons={icons} mb="md" />
      {tabs.map((value) => {
        const Panel = panels[value]!;
        return (
          <Tabs.Panel key={value} value={value}>
            <Panel {...props} />
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
