import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { MyAssignments } from '../features/assignments/my-assignments';
import { CertificationExpiryNotices } from '../features/certifications/expiry-notices';

/** /assignments/sr — the rep's assignments, after a notice for each certificate that expires soon. */
export default function AssignmentsSrPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.assignmentsSr.title')}</PageTitle>
      <CertificationExpiryNotices />
      <MyAssignments />
    </>
  );
}
