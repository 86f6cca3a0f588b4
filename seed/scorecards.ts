import type { Executor } from '../db/client';
import type { Language } from '../server/contracts/languages';
import { createScorecard } from './factories';
import { DEMO_SCORECARDS_BY_LANGUAGE } from '../server/evaluation/offline/demo-scorecards-by-language';
import type { SeedScorecard } from '../server/evaluation/offline/demo-scorecards';
import { DEMO_CONTENT } from './content';
import { demoSimulations } from './simulations';

// the methodology scorecards live beside the offline evaluator, which recognises their criteria
export { DEMO_SCORECARDS } from '../server/evaluation/offline/demo-scorecards';

/**
 * The scorecards of a demo tenant seeded in `language`: the methodology cards in that language,
 * and, for a simulation held in another language (its prospect's), its card in that language, so
 * its reports read in one language.
 */
export function demoScorecards(language: Language): SeedScorecard[] {
  const cards = [...DEMO_SCORECARDS_BY_LANGUAGE[language]];
  for (const sim of demoSimulations(DEMO_CONTENT[language]))
    if (!cards.some((c) => c.name === sim.scorecard))
      cards.push(DEMO_SCORECARDS_BY_LANGUAGE[sim.language].find((c) => c.name === sim.scorecard)!);
  return cards;
}

/** Writes the demo scorecards for `tenantId` (the seed runs as the table owner, so the tenant id is explicit). */
export async function seedDemoScorecards(db: Executor, tenantId: string, language: Language = 'en'): Promise<void> {
  for (const { criteria, ...card } of demoScorecards(language))
    await createScorecard(db, { tenantId, version: 1, isCurrent: true, ...card, criteria });
}
