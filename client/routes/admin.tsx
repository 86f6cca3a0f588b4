import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { CLIENTS_NS } from '../features/admin/messages';
import { PanelTabs } from '../features/admin/panel-tabs';
import { AuditLogPanel } from '../features/audit/audit-log-panel';
import { CallInstructionsPanel } from '../features/call-instructions/call-instructions-panel';
import { CallSettingsPanel } from '../features/call-settings/call-settings-panel';
import { CoachingSettingsPanel } from '../features/leaderboards/coaching-settings-panel';
import { ClientOverviewPanel } from '../features/client-overview/client-overview-panel';
import { IcpsPanel, ProductGroupingsPanel } from '../features/named-records/named-records-panel';
import { PromptsPanel } from '../features/prompts/prompts-panel';
import { SecurityPanel } from '../features/security/security-panel';
import { ScimSection } from '../features/security/scim-section';
import { UsersPanel } from '../features/users/users-panel';

// the learning-system screens (LTI platforms, SCORM packages, keys, the launch log) load when their
// tab opens: the admin page's own chunk stays what it was
const LmsPanel = lazy(() => import('../features/lms/lms-panel').then((m) => ({ default: m.LmsPanel })));

function LmsTab() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Loader aria-label={t('app.loading')} />}>
      <LmsPanel />
    </Suspense>
  );
}

/** The admin tabs, in the order the page shows them, each with its panel. */
const PANELS = {
  users: UsersPanel,
  overview: ClientOverviewPanel,
  icp: IcpsPanel,
  products: ProductGroupingsPanel,
  callInstructions: CallInstructionsPanel,
  callSettings: CallSettingsPanel,
  coaching: CoachingSettingsPanel,
  security: SecurityPanel,
  provisioning: ScimSection,
  lms: LmsTab,
  prompts: PromptsPanel,
  audit: AuditLogPanel,
};

/** The admin area: the tenant's own users and configuration. */
export default function AdminPage() {
  const { t } = useTranslation(CLIENTS_NS);
  return (
    <>
      <PageTitle>{t('common:pages.admin.title')}</PageTitle>
      <PanelTabs panels={PANELS} props={{}} />
    </>
  );
}
