import { useTranslation } from 'react-i18next';

/** The SCIM provisioning texts, with the common ones (app.cancel, errors.*) as fallback. */
export const useScimT = () => useTranslation(['scim', 'common', 'users', 'assessments'], { nsMode: 'fallback' });
