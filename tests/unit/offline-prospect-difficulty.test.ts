import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, type Difficulty } from '../../server/contracts/enums';
import { DEMO_SIMULATIONS } from '../../seed/simulations';
import { generateOfflineScenario } from '../../server/ai/offline-scenario';
import { readScenario } from '../../server/contracts/scenario/render';
import { wordsOf } from '../../server/contracts/speech/words';
import { holdCall, prospectFor, seededContext } from '../fixtures/offline-calls';
import { REP_SCRIPTS } from '../fixtures/rep-scripts';

// The same scenario and the same scripted calls at each difficulty: what changes is the prospect.
const sim = DEMO_SIMULATIONS[0];
const context = seededContext(sim, { difficulty: 'medium' });
const scenario = readScenario(generateOfflineScenario(context), 'en');
const en = REP_SCRIPTS.en;
const prospect = (difficulty: Difficulty, seed = 'measure') =>
  prospectFor(scenario, { personaName: context.persona.name, difficulty, language: 'en', seed });
const measure = <T>(fn: (d: Difficulty) => T) =>
  Object.fromEntries(DIFFICULTIES.map((d) => [d, fn(d)])) as Record<Difficulty, T>;

/** Each value strictly smaller than the one before (easy → expert). */
function expectFalling(m: Record<Difficulty, number>) {
  const v = DIFFICULTIES.map((d) => m[d]);
  for (let i = 1; i < v.length; i++)
    expect(v[i], `${DIFFICULTIES[i]} vs ${DIFFICULTIES[i - 1]}: ${JSON.stringify(m)}`).toBeLessThan(v[i - 1]);
}

describe(
  'difficulty changes how the offline prospect behaves, measured over the same scripted calls',
  { timeout: 30_000 },
  () => {
    it('patience: the number of empty turns it sits through before hanging up falls with difficulty', () => {
      const turns = measure((d) => {
        const call = holdCall(prospect(d), en.waste);
        expect(call.end).toBe('patience');
        return call.turns.length;
      });
      expectFalling(turns);
    });

    it('volunteering: over the same open questions, easier prospects offer more facts and say more', () => {
      // follow-ups included: a prospect volunteers only on a turn whose answer has nothing new of its own
      const questions = en.discovery.slice(1, 14).map((l) => l.text);
      // summed over several calls: a medium prospect volunteers now and then, not on every call
      const calls = (d: Difficulty) =>
        ['measure', 'a', 'b', 'c', 'd'].map((seed) => holdCall(prospect(d, seed), questions));
      const m = measure((d) => {
        const turns = calls(d).flatMap((c) => c.turns);
        const extra = turns.reduce((n, t) => n + t.events.volunteered.length + t.events.hinted.length, 0);
        const words = turns.reduce((n, t) => n + wordsOf(t.prospect).length, 0) / turns.length;
        return { extra, words };
      });
      expect(m.easy.extra).toBeGreaterThan(m.medium.extra);
      expect(m.medium.extra).toBeGreaterThan(m.hard.extra);
      expect(m.hard.extra).toBe(0);
      expect(m.expert.extra).toBe(0);
      expectFalling({ easy: m.easy.words, medium: m.medium.words, hard: m.hard.words, expert: m.expert.words });
    });

    it('hidden facts: the same first questions uncover more with an easier prospect', () => {
      const questions = en.discovery
        .slice(1, 14)
        .filter((_, i) => i % 2 === 0)
        .map((l) => l.text); // one question per topic, no digging deeper
      const revealed = measure((d) => holdCall(prospect(d), questions).state.revealed.length);
      expect(revealed.easy).toBeGreaterThan(revealed.medium);
      expect(revealed.medium).toBeGreaterThanOrEqual(revealed.hard);
      expect(revealed.hard).toBeGreaterThanOrEqual(revealed.expert);
      expect(revealed.easy).toBeGreaterThan(revealed.expert);
    });

    it('push-back: thin answers to its objection are pushed back on more often, and harder prospects stay unconvinced', () => {
      const m = measure((d) => {
        const call = holdCall(prospect(d), [en.discovery[1].text, en.pitch, ...en.thin]);
        const raised = call.turns.findIndex((t) => t.events.raised);
        expect(raised, `${d} raises an objection`).toBeGreaterThanOrEqual(0);
        const after = call.turns.slice(raised + 1);
        const pushBacks = after.filter((t) => t.events.pushedBack).length;
        const outcome = after.find((t) => t.events.resolved)?.events.resolved ?? null;
        return { pushBacks, outcome };
      });
      expect([m.easy.pushBacks, m.medium.pushBacks, m.hard.pushBacks, m.expert.pushBacks]).toEqual([0, 1, 2, 3]);
      expect(m.easy.outcome).toBe('handled');
      expect(m.medium.outcome).toBe('handled');
      expect(m.hard.outcome).toBe('unresolved');
      expect(m.expert.outcome).toBe('unresolved');
    });

    it('commitment: the same short call ends in a next step only with the easier prospects', () => {
      const call = [en.discovery[0].text, en.discovery[1].text, en.discovery[3].text, en.concreteNextStep];
      const agreed = measure((d) => holdCall(prospect(d), call, { handle: en.handle }).state.agreed !== null);
      expect(agreed).toEqual({ easy: true, medium: true, hard: false, expert: false });
    });

    it('tone: rudeness ends the call at once for hard and expert prospects, after a warning for easier ones', () => {
      const m = measure((d) => holdCall(prospect(d), [en.discovery[1].text, en.rude, en.rude]).turns.length);
      expect(m).toEqual({ easy: 3, medium: 3, hard: 2, expert: 2 });
    });
  },
);
