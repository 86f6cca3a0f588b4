import { collectNamespaces } from './collect';

// The namespaces of this language's pages after /login, in one chunk: `common` is in ./pt-BR-common
// (the first screen's texts), `mail` holds the server's e-mail texts,
// `audit`, `identity`, `sso`, `scim`, `lms`, `scorm` and `lti` come with their screens
// (client/features/i18n/screen-texts.tsx).
export default collectNamespaces(
  import.meta.glob(
    [
      '../../../../locales/pt-BR/*.json',
      '!../../../../locales/pt-BR/common.json',
      '!../../../../locales/pt-BR/mail.json',
      '!../../../../locales/pt-BR/audit.json',
      '!../../../../locales/pt-BR/identity.json',
      '!../../../../locales/pt-BR/sso.json',
      '!../../../../locales/pt-BR/scim.json',
      '!../../../../locales/pt-BR/lms.json',
      '!../../../../locales/pt-BR/scorm.json',
      '!../../../../locales/pt-BR/lti.json',
    ],
    { eager: true, import: 'default' },
  ),
);
