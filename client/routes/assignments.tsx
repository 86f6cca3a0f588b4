import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { AssignmentsManager } from '../features/assignments/assignments-manager';

export default function AssignmentsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.assignments.title')}</PageTitle>
      <AssignmentsManager />
    </>
  );
}
