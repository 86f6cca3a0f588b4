import { useTranslation } from 'react-i18next';

/** The CTA texts, with the common ones (app.cancel, errors.*) as fallback. */
export const useCtaT = () => useTranslation(['cta', 'common'], { nsMode: 'fallback' });
