/** The four UI languages; also the languages a prospect may speak. Pure module: the client imports it. */
export const LANGUAGES = ['en', 'es', 'it', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];
