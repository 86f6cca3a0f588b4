import { collectNamespaces } from './collect';

// The namespaces of this language's pages after /login, in one chunk: `common` is in ./it-common
// (the first screen's texts), `mail` holds the server's e-mail texts,
// `audit`, `identity`, `sso`, `scim`, `lms`, `scorm` and `lti` come with their screens
// (client/features/i18n/screen-texts.tsx).
export default collectNamespaces(
  import.meta.glob(
    [
      '../../../../locales/it/*.json',
      '!../../../../locales/it/common.json',
      '!../../../../locales/it/mail.json',
      '!../../../../locales/it/audit.json',
      '!../../../../locales/it/identity.json',
      '!../../../../locales/it/sso.json',
      '!../../../../locales/it/scim.json',
      '!../../../../locales/it/lms.json',
      '!../../../../locales/it/scorm.json',
      '!../../../../locales/it/lti.json',
    ],
    { eager: true, import: 'default' },
  ),
);
