import { collectNamespaces } from './collect';

// The namespaces of this language's pages after /login, in one chunk: `common` is in ./es-common
// (the first screen's texts), `mail` holds the server's e-mail texts,
// `audit`, `identity`, `sso`, `scim`, `lms`, `scorm` and `lti` come with their screens
// (client/features/i18n/screen-texts.tsx).
export default collectNamespaces(
  import.meta.glob(
    [
      '../../../../locales/es/*.json',
      '!../../../../locales/es/common.json',
      '!../../../../locales/es/mail.json',
      '!../../../../locales/es/audit.json',
      '!../../../../locales/es/identity.json',
      '!../../../../locales/es/sso.json',
      '!../../../../locales/es/scim.json',
      '!../../../../locales/es/lms.json',
      '!../../../../locales/es/scorm.json',
      '!../../../../locales/es/lti.json',
    ],
    { eager: true, import: 'default' },
  ),
);
