import { collectNamespaces } from './collect';

// The namespaces of this language's pages after /login, in one chunk: `common` is in ./en-common
// (the first screen's texts), `mail` holds the server's e-mail texts,
// `audit`, `identity`, `sso`, `scim`, `lms`, `scorm` and `lti` come with their screens
// (client/features/i18n/screen-texts.tsx).
export default collectNamespaces(
  import.meta.glob(
    [
      '../../../../locales/en/*.json',
      '!../../../../locales/en/common.json',
      '!../../../../locales/en/mail.json',
      '!../../../../locales/en/audit.json',
      '!../../../../locales/en/identity.json',
      '!../../../../locales/en/sso.json',
      '!../../../../locales/en/scim.json',
      '!../../../../locales/en/lms.json',
      '!../../../../locales/en/scorm.json',
      '!../../../../locales/en/lti.json',
    ],
    { eager: true, import: 'default' },
  ),
);
