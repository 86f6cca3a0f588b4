/**
 * How the offline prospect says its scenario's facts: over every seeded simulation, in four
 * languages and four difficulties, the longest run of the scenario's written words a line repeats,
 * how many asides it needed, and how many new facts an answer carries in scripted calls.
 * `npx tsx scripts/bench/prospect-speech.ts` (writes its section of docs/benchmarks.md)
 */
import os from 'node:os';
import { DIFFICULTIES } from '../../server/contracts/enums';
import { LANGUAGES } from '../../server/contracts/languages';
import { wordsOf } from '../../server/contracts/speech/words';
import { longestCopy, MAX_COPIED_WORDS, writtenTexts } from '../../server/realtime/offline-prospect/rephrase';
import { SPOKEN_RULES } from '../../server/realtime/offline-prospect/spoken-rules';
import { DEMO_SIMULATIONS } from '../../seed/simulations';
import { holdCall, seededScenario } from '../../tests/fixtures/offline-calls';
import { REP_SCRIPTS } from '../../tests/fixtures/rep-scripts';
import { machine, runBench, writeBenchSection } from '../lib/bench-doc';

async function main() {
  const load = os.loadavg()[0];
  const rows: string[] = [];
  let worstReply = 0;
  let mostFacts = 0;
  let replies = 0;
  for (const language of LANGUAGES) {
    const asides = Object.values(SPOKEN_RULES[language].asides).flat();
    const countAsides = (line: string) =>
      asides.reduce(
        (n, a) => n + (line.toLowerCase().match(new RegExp(`(?:^|[,.] )${a}(?=,)`, 'giu'))?.length ?? 0),
        0,
      );
    for (const difficulty of DIFFICULTIES) {
      const lines: { copy: number; asides: number; words: number; verbatim: boolean }[] = [];
      for (const sim of DEMO_SIMULATIONS) {
        const { rendered, prospect } = await seededScenario(sim, language);
        const sources = writtenTexts(rendered);
        const profile = prospect(difficulty, `bench:${sim.name}`);
        const flat = sources.map((t) => wordsOf(t).join(' '));
        for (const f of [...profile.facts, ...profile.hidden, ...profile.objections]) {
          const said = wordsOf(f.line).join(' ');
          lines.push({
            copy: longestCopy(f.line, sources).length,
            asides: countAsides(f.line),
            words: wordsOf(f.line).length,
            verbatim: flat.some((t) => t.includes(said)),
          });
        }
        const script = REP_SCRIPTS[language];
        const call = holdCall(
          profile,
          script.discovery.map((l) => l.text),
          { handle: script.handle },
        );
        let before = 0;
        for (const t of call.turns) {
          replies++;
          worstReply = Math.max(worstReply, longestCopy(t.prospect, sources).length);
          mostFacts = Math.max(mostFacts, t.state.voiced.length - before + t.events.revealed.length);
          before = t.state.voiced.length;
        }
      }
      const share = (n: number) => `${((100 * n) / lines.length).toFixed(0)} %`;
      const longest = Math.max(...lines.map((l) => l.copy));
      const sorted = lines.map((l) => l.copy).sort((a, b) => a - b);
      rows.push(
        `| ${language} | ${difficulty} | ${lines.length} | ${share(lines.filter((l) => l.verbatim).length)} | ${sorted[Math.floor(sorted.length / 2)]} | ${longest} | ${share(lines.filter((l) => l.asides === 0).length)} | ${share(lines.filter((l) => l.asides === 1).length)} | ${share(lines.filter((l) => l.asides === 2).length)} | ${share(lines.filter((l) => l.asides >= 3).length)} |`,
      );
    }
  }
  const body = [
    `\`npx tsx scripts/bench/prospect-speech.ts\` — ${machine()}; 1-min load ${load.toFixed(2)}. Deterministic: the same figures on any machine.`,
    '',
    `Every fact, hidden fact and objection of the seeded simulations' offline scenarios (five simulations a row) as the offline prospect says it (server/realtime/offline-prospect/rephrase.ts). "Written words" is the longest run of consecutive words a line shares with any written text of its scenario; the rule is at most ${MAX_COPIED_WORDS}. "Said as written" counts lines whose words all stand, in order, in the scenario (short facts with nothing to say differently). Asides are the register's fillers ("I'd say", "la verdad", "diciamo", "no fundo") put where nine written words would otherwise follow one another.`,
    '',
    '| language | difficulty | lines | said as written | written words (median) | written words (longest) | no aside | 1 aside | 2 asides | 3 or more |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Scripted discovery calls (the skilled rep of tests/fixtures/rep-scripts.ts, every simulation, language and difficulty): ${replies} replies; the longest run of written words in any reply is ${worstReply}; the most new facts in one answer is ${mostFacts}.`,
  ].join('\n');
  console.log(body);
  writeBenchSection('Offline prospect: speech', body);
}

runBench(main);
