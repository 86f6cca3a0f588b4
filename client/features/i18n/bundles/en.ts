import { collectNamespaces } from './collect';

// The namespaces of this language's pages after /login, in one chunk: `common` is in ./en-common
// (the first screen's texts), `mail` holds the server's e-mail texts,
// `audit` comes with its screen (client/features/audit/audit-texts.tsx).
export default collectNamespaces(
  import.meta.glob(
    [
      '../../../../locales/en/*.json',
      '!../../../../locales/en/common.json',
      '!../../../../locales/en/mail.json',
      '!../../../../locales/en/audit.json',
    ],
    { eager: true, import: 'default' },
  ),
);
