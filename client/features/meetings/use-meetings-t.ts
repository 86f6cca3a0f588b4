import { useTranslation } from 'react-i18next';

/** The meetings texts, with the common ones (app.*, errors.*) as fallback. */
export const useMeetingsT = () => useTranslation(['meetings', 'common'], { nsMode: 'fallback' });
