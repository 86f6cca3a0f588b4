import { TitledPage } from '../components/page-title';
import { CertificationsPanel } from '../features/certifications/certifications-panel';

/** /certifications — the workspace's certifications; managers create them and export certificates. */
export default function CertificationsPage() {
  return <TitledPage titleKey="pages.certifications.title" panel={CertificationsPanel} />;
}
