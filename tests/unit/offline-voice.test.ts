import { afterAll, describe, expect, it } from 'vitest';
import { EspeakVoice, espeakVoiceName } from '../../server/realtime/offline-voice/voice';

const voice = new EspeakVoice();
afterAll(() => voice.close());

function rms(pcm: Buffer) {
  let sum = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) sum += pcm.readInt16LE(i) ** 2;
  return Math.sqrt(sum / Math.max(1, pcm.length / 2));
}

describe('the offline prospect voice (eSpeak NG in a worker thread)', () => {
  it('names a voice per language and persona', () => {
    expect(espeakVoiceName({ language: 'pt-BR', persona: 'coral' })).toBe('pt-br+f2');
    expect(espeakVoiceName({ language: 'es', persona: 'ash' })).toBe('es+m3');
    expect(espeakVoiceName({ language: 'it', persona: 'unknown-voice' })).toBe('it');
    expect(espeakVoiceName({ language: 'xx', persona: 'alloy' })).toBe('en-us+f1');
  });

  it('speaks a line in each language as PCM16 24 kHz, in pieces, with as much audio as it reports', async () => {
    const lines = {
      en: 'We plan our routes by hand every Monday, and it takes most of the day.',
      es: 'Planificamos las rutas a mano cada lunes y nos lleva casi todo el día.',
      it: 'Pianifichiamo i percorsi a mano ogni lunedì e ci vuole quasi tutta la giornata.',
      'pt-BR': 'Planejamos as rotas à mão toda segunda-feira e isso leva quase o dia inteiro.',
    };
    for (const [language, text] of Object.entries(lines)) {
      const pieces: Buffer[] = [];
      const r = await voice.speak(text, { language, persona: 'sage' }, (pcm) => pieces.push(pcm)).done;
      const pcm = Buffer.concat(pieces);
      expect(r, language).not.toBeNull();
      expect(pieces.length, language).toBeGreaterThan(1);
      // 24 kHz mono 16-bit: 48 bytes per ms
      expect(Math.abs(pcm.length / 48 - r!.ms), language).toBeLessThan(2);
      // a sentence of ~14 words: a few seconds of audible speech
      expect(r!.ms, language).toBeGreaterThan(2500);
      expect(r!.ms, language).toBeLessThan(9000);
      expect(rms(pcm), language).toBeGreaterThan(500);
    }
  }, 60_000);

  it('a cancelled line delivers nothing more and reports no voice; the next line still speaks', async () => {
    let got = 0;
    const h = voice.speak(
      'This line is cancelled before it is heard, so nothing of it should arrive.',
      { language: 'en', persona: 'echo' },
      () => got++,
    );
    h.cancel();
    expect(await h.done).toBeNull();
    expect(got).toBe(0);
    const pieces: Buffer[] = [];
    expect(
      await voice.speak('Still here.', { language: 'en', persona: 'echo' }, (p) => pieces.push(p)).done,
    ).not.toBeNull();
    expect(pieces.length).toBeGreaterThan(0);
  }, 60_000);

  it('an empty line is no voice at all', async () => {
    expect(await voice.speak('   ', { language: 'en', persona: 'echo' }, () => {}).done).toBeNull();
  });
});
