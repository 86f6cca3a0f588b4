import { collectNamespaces } from './collect';

// The namespaces of this language's pages after /login, in one chunk: `common` is in ./es-common
// (the first screen's texts), `mail` holds the server's e-mail texts,
// `audit` comes with its screen (client/features/audit/audit-texts.tsx).
export default collectNamespaces(
  import.meta.glob(
    [
      '../../../../locales/es/*.json',
      '!../../../../locales/es/common.json',
      '!../../../../locales/es/mail.json',
      '!../../../../locales/es/audit.json',
    ],
    { eager: true, import: 'default' },
  ),
);
