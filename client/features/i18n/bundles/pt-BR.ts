import { collectNamespaces } from './collect';

// Every browser namespace of this language in one chunk; `mail` holds the server's e-mail texts.
export default collectNamespaces(import.meta.glob(['../../../../locales/pt-BR/*.json', '!../../../../locales/pt-BR/mail.json'], { eager: true, import: 'default' }));
