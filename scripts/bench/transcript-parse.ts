/**
 * Real calls: how long reading a 2-hour meeting transcript takes. A WebVTT file shaped
 * as Microsoft Teams and Google Meet export it (a voice span per cue, a cue every 4 seconds, three
 * speakers taking turns of one to three cues), and the same call as SRT with "Name:" prefixes;
 * each parsed RUNS times (server/services/meetings/transcript.ts), each run reported.
 *
 *   npx tsx scripts/bench/transcript-parse.ts [--runs 3] [--no-write]
 *
 * Writes docs/benchmarks.md "## Real calls: reading a 2-hour transcript".
 */
import os from 'node:os';
import { parseTranscript } from '../../server/services/meetings/transcript';
import { machine, writeBenchSection } from '../lib/bench-doc';

const i = process.argv.indexOf('--runs');
const RUNS = i >= 0 ? Number(process.argv[i + 1]) : 3;
const WRITE = !process.argv.includes('--no-write');

const SPEAKERS = ['Ana Ruiz', 'Dana Lee', 'Sam Ortiz'];
const SENTENCES = [
  'How do you plan your delivery routes today, and what does that cost you each week?',
  'Mostly spreadsheets; the team spends about ten hours a week on it.',
  'What happens when a driver calls in sick on a Monday morning?',
  'We move stops around by hand and some deliveries slip to the next day.',
  'Could we look at last month together and book a pilot for next Tuesday at ten?',
];
const clock = (ms: number, sep: string) => {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${sep}${String(ms % 1000).padStart(3, '0')}`;
};

function makeCall(): { vtt: string; srt: string; cues: number } {
  const cue = 4000;
  const n = (2 * 3_600_000) / cue;
  const vtt = ['WEBVTT', ''];
  const srt: string[] = [];
  for (let k = 0; k < n; k++) {
    const speaker = SPEAKERS[Math.floor(k / (1 + (k % 3))) % SPEAKERS.length];
    const text = SENTENCES[k % SENTENCES.length];
    vtt.push(`${clock(k * cue, '.')} --> ${clock((k + 1) * cue - 100, '.')}`, `<v ${speaker}>${text}</v>`, '');
    srt.push(String(k + 1), `${clock(k * cue, ',')} --> ${clock((k + 1) * cue - 100, ',')}`, `${speaker}: ${text}`, '');
  }
  return { vtt: vtt.join('\n'), srt: srt.join('\n'), cues: n };
}

function main() {
  const loadBefore = os.loadavg()[0];
  const { vtt, srt, cues } = makeCall();
  const files = [
    { name: 'WebVTT', content: vtt },
    { name: 'SRT', content: srt },
  ];
  const turns = files.map((f) => parseTranscript(f.content).segments.length);
  // RUNS rounds, each parsing both files once, each written down with the load it ran under
  const rows: string[] = [];
  for (let r = 0; r < RUNS; r++) {
    const load = os.loadavg()[0];
    const times = files.map((f) => {
      const t0 = performance.now();
      const parsed = parseTranscript(f.content);
      const took = performance.now() - t0;
      if (parsed.durationMs! < 7_190_000) throw new Error(`${f.name}: the call is ${parsed.durationMs} ms long`);
      return took;
    });
    rows.push(`| ${r + 1} | ${load.toFixed(2)} | ${times.map((t) => `${t.toFixed(0)} ms`).join(' | ')} |`);
    console.log(rows[rows.length - 1]);
  }
  const body = [
    `\`npx tsx scripts/bench/transcript-parse.ts\` — ${machine()}; 1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (the machine is shared).`,
    '',
    `A 2-hour call with three speakers, a cue every 4 seconds (${cues} cues), read into turns (consecutive cues of one speaker joined): WebVTT with voice spans as Teams and Meet export it (${(Buffer.byteLength(vtt) / 1024).toFixed(0)} KB, ${turns[0]} turns) and SRT with "Name:" prefixes (${(Buffer.byteLength(srt) / 1024).toFixed(0)} KB, ${turns[1]} turns). One warm-up parse of each, then ${RUNS} runs:`,
    '',
    '| run | 1-min load | WebVTT | SRT |',
    '|---|---:|---:|---:|',
    ...rows,
  ].join('\n');
  if (WRITE) writeBenchSection('Real calls: reading a 2-hour transcript', body);
}

main();
