import type { TFunction } from 'i18next';

/**
 * A prompt's name as the reader sees it: a prompt that ships with Spar (it has a `systemKey`) in the
 * reader's language, a tenant's own prompt as its author named it.
 */
export function promptName(t: TFunction, p: { name: string; systemKey?: string | null }): string {
  return p.systemKey ? t(`prompts:systemNames.${p.systemKey}`, { defaultValue: p.name }) : p.name;
}
