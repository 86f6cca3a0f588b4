/**
 * The offline prospect's next steps over the scripted set (tests/fixtures/next-step-set.ts): how
 * often each kind of rep wins a concrete next step, by difficulty and language.
 * `npx tsx scripts/bench/next-steps.ts` (writes its section of docs/benchmarks.md)
 */
import os from 'node:os';
import { DIFFICULTIES } from '../../server/contracts/enums';
import { holdNextSteps, LANGUAGES, type RepKind } from '../../tests/fixtures/next-step-set';
import { machine, runBench, writeBenchSection } from '../lib/bench-doc';

const KINDS: RepKind[] = ['good', 'average', 'lazy', 'rude'];

async function main() {
  const load = os.loadavg()[0];
  const pct = (r: { agreed: number; total: number }) =>
    `${((100 * r.agreed) / r.total).toFixed(0)} % (${r.agreed}/${r.total})`;
  const rows = KINDS.map((kind) => {
    const cells = DIFFICULTIES.map((d) => pct(holdNextSteps(kind, d)));
    return `| ${kind} | ${cells.join(' | ')} |`;
  });
  const byLanguage = LANGUAGES.map((language) => {
    const r = holdNextSteps('good', 'medium', [language]);
    return `| ${language} | ${pct(r)} |`;
  });
  const body = [
    `\`npx tsx scripts/bench/next-steps.ts\` — ${machine()}; 1-min load ${load.toFixed(2)}. Deterministic: the same figures on any machine.`,
    '',
    'Scripted calls with the offline prospect on every seeded simulation, in four languages, three seeds each (tests/fixtures/next-step-set.ts; the suite asserts the medium and hard rows in tests/unit/offline-prospect-next-steps.test.ts). A good rep asks for permission, digs with open questions, answers objections with substance and closes with a polite question naming a day and what to do on it (asked again when told what is missing); an average rep asks a couple of questions, answers objections thinly and closes vaguely, then concretely; a lazy rep pitches and closes without discovery; a rude rep insults the prospect, then closes. Calls that won a concrete next step:',
    '',
    `| rep | ${DIFFICULTIES.join(' | ')} |`,
    `|---|${DIFFICULTIES.map(() => '---:').join('|')}|`,
    ...rows,
    '',
    'Good calls at medium difficulty, by language:',
    '',
    '| language | next step won |',
    '|---|---:|',
    ...byLanguage,
  ].join('\n');
  console.log(body);
  writeBenchSection('Offline prospect: next steps', body);
}

runBench(main);
