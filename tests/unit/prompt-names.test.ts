import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { SYSTEM_PROMPTS } from '../../server/ai/system-prompt-texts';
import { promptName } from '../../client/features/prompts/prompt-name';

const LANGUAGES = ['en', 'es', 'it', 'pt-BR'] as const;
const prompts = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/prompts.json`, 'utf8')) as object;

describe('the prompts that ship with Spar are named in the reader’s language', () => {
  it('every shipped prompt has its name in four languages; the English one is the shipped name', async () => {
    for (const lng of LANGUAGES) {
      const i18n = i18next.createInstance();
      await i18n.init({ lng, resources: { [lng]: { prompts: prompts(lng) } }, fallbackLng: false });
      for (const p of SYSTEM_PROMPTS) {
        const name = promptName(i18n.t, { name: p.name, systemKey: p.systemKey });
        if (lng === 'en') expect(name).toBe(p.name);
        else expect(name, `${p.systemKey} in ${lng}`).not.toBe(p.name);
      }
      // a tenant's own prompt keeps the name its author gave it
      expect(promptName(i18n.t, { name: 'Our own prospect', systemKey: null })).toBe('Our own prospect');
    }
  });
});
