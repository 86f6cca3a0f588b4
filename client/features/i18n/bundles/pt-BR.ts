import { collectNamespaces } from './collect';

// The namespaces of this language's pages after /login, in one chunk: `common` is in ./pt-BR-common
// (the first screen's texts), `mail` holds the server's e-mail texts.
export default collectNamespaces(
  import.meta.glob(
    [
      '../../../../locales/pt-BR/*.json',
      '!../../../../locales/pt-BR/common.json',
      '!../../../../locales/pt-BR/mail.json',
    ],
    { eager: true, import: 'default' },
  ),
);
