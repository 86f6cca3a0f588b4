import { describe, expect, it } from 'vitest';
import { DEMO_CONTENT } from '../../seed/content';
import { OFFLINE_PHRASES } from '../../server/ai/offline-phrases';
import type { Language } from '../../server/contracts/languages';
import { REP_LINES } from '../../server/demo-history/rep-lines';
import { DEMO_SCORECARDS_BY_LANGUAGE } from '../../server/evaluation/offline/demo-scorecards-by-language';
import { offlineTexts } from '../../server/evaluation/offline/texts';
import { englishWordsIn, textsIn } from '../helpers/english';

/**
 * What Spar writes without a model, and the demo tenant's content, in Spanish, Italian and
 * Portuguese carry no English: the offline scenario phrases, the offline evaluator's texts, the
 * demo scorecards and content, and the demo history's scripted reps.
 */
describe.each<Language>(['es', 'it', 'pt-BR'])('written in %s', (language) => {
  const sources = {
    offlinePhrases: OFFLINE_PHRASES[language],
    evaluatorTexts: offlineTexts(language),
    demoScorecards: DEMO_SCORECARDS_BY_LANGUAGE[language],
    demoContent: DEMO_CONTENT[language],
    scriptedRep: REP_LINES[language],
  };
  it.each(Object.keys(sources) as (keyof typeof sources)[])('%s has no English words', (source) => {
    const texts = textsIn(sources[source]);
    expect(texts.length).toBeGreaterThan(5);
    const english = texts.map((t) => ({ ...t, words: englishWordsIn(t.text) })).filter((t) => t.words.length);
    expect(english).toEqual([]);
  });
});
