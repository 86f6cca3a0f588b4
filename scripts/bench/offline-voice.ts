// Offline prospect voice: time to the first audio and the whole line, per language, for the
// synthesiser the offline calls use (eSpeak NG in a worker thread, server/realtime/offline-voice).
// npx tsx scripts/bench/offline-voice.ts [--runs 5]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { EspeakVoice } from '../../server/realtime/offline-voice/voice';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const LINES: Record<string, string> = {
  en: 'Honestly, we tried a routing tool two years ago and it failed, so convince me this is different.',
  es: 'Sinceramente, probamos una herramienta de rutas hace dos años y fracasó, así que convénzame de que esto es distinto.',
  it: 'Sinceramente, abbiamo provato uno strumento di pianificazione due anni fa ed è fallito, quindi mi convinca che è diverso.',
  'pt-BR':
    'Sinceramente, testamos uma ferramenta de rotas há dois anos e ela falhou, então me convença de que isso é diferente.',
};
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const voice = new EspeakVoice();
const t0 = performance.now();
await voice.speak('Warm up.', { language: 'en', persona: 'sage' }, () => {}).done;
console.log(
  `load + first line: ${(performance.now() - t0).toFixed(0)} ms   load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log('language  first audio p50/max (ms)  whole line p50/max (ms)  audio (s)  real-time factor');
for (const [language, text] of Object.entries(LINES)) {
  const first: number[] = [];
  const whole: number[] = [];
  let audioMs = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    let firstAt: number | null = null;
    const r = await voice.speak(text, { language, persona: i % 2 ? 'ash' : 'coral' }, () => {
      firstAt ??= performance.now() - start;
    }).done;
    whole.push(performance.now() - start);
    first.push(firstAt ?? NaN);
    audioMs = r?.ms ?? 0;
  }
  console.log(
    `${language.padEnd(8)}  ${pct(first, 50).toFixed(0).padStart(5)} / ${Math.max(...first)
      .toFixed(0)
      .padStart(5)}            ${pct(whole, 50).toFixed(0).padStart(5)} / ${Math.max(...whole)
      .toFixed(0)
      .padStart(5)}          ${(audioMs / 1000).toFixed(1).padStart(5)}      ${(pct(whole, 50) / audioMs).toFixed(3)}`,
  );
}
await voice.close();
