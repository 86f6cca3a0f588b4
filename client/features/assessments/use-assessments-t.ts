import { useTranslation } from 'react-i18next';

/** The assessments texts, with the common ones (app.cancel, errors.*) as fallback. */
export const useAssessmentsT = () => useTranslation(['assessments', 'common'], { nsMode: 'fallback' });
