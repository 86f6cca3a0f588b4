import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { MyAssignments } from '../features/assignments/my-assignments';

export default function AssignmentsSrPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.assignmentsSr.title')}</PageTitle>
      <MyAssignments />
    </>
  );
}
