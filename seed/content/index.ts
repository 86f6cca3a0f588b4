import type { Language } from '../../server/contracts/languages';
import { DEMO_CONTENT_EN } from './en';
import { DEMO_CONTENT_ES } from './es';
import { DEMO_CONTENT_IT } from './it';
import { DEMO_CONTENT_PT } from './pt';
import type { DemoContent } from './types';

/** The demo tenant's words in each language it can be seeded in (DEMO_LANGUAGE). */
export const DEMO_CONTENT: Record<Language, DemoContent> = {
  en: DEMO_CONTENT_EN,
  es: DEMO_CONTENT_ES,
  it: DEMO_CONTENT_IT,
  'pt-BR': DEMO_CONTENT_PT,
};
