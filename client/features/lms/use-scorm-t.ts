import { useTranslation } from 'react-i18next';

/** The SCORM texts, with the common ones (app.cancel, errors.*) as fallback. */
export const useScormT = () => useTranslation(['scorm', 'common'], { nsMode: 'fallback' });
