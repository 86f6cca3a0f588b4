import { useTranslation } from 'react-i18next';

const CONFIG_NS = ['config', 'common'];

/** `t` for the tenant-configuration panels: keys from `config`, falling back to `common` (app.*, languages.*, errors.*). */
export function useConfigTranslation() {
  return useTranslation(CONFIG_NS, { nsMode: 'fallback' });
}
