import type { Language } from '../../contracts/languages';
import { DEMO_SCORECARDS, type SeedScorecard } from './demo-scorecards';
import { DEMO_SCORECARDS_ES } from './demo-scorecards-es';
import { DEMO_SCORECARDS_IT } from './demo-scorecards-it';
import { DEMO_SCORECARDS_PT } from './demo-scorecards-pt';

/**
 * The demo scorecards in each language the demo tenant can be seeded in: the same cards and
 * criteria in the same order, so a criterion is the same rubric whatever its language.
 */
export const DEMO_SCORECARDS_BY_LANGUAGE: Record<Language, SeedScorecard[]> = {
  en: DEMO_SCORECARDS,
  es: DEMO_SCORECARDS_ES,
  it: DEMO_SCORECARDS_IT,
  'pt-BR': DEMO_SCORECARDS_PT,
};
