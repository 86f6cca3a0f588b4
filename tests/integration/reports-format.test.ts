import { describe, expect, it } from 'vitest';
import { computeAnalytics } from '../../server/evaluation';
import { clock, readAnalytics, slug } from '../../server/contracts/report-format';
import { escapeHtml } from '../../server/services/reports/html';
import { languageFromAcceptHeader, translator, viewerLanguage } from '../../server/services/reports/i18n';

// Pure helpers of the report page and download (no database needed).
describe('report formatting helpers', () => {
  it('formats timestamps as m:ss and h:mm:ss', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65_400)).toBe('1:05');
    expect(clock(3_725_000)).toBe('1:02:05');
  });

  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('picks the viewer language: ?lang=, saved, Accept-Language by quality, then English', () => {
    expect(viewerLanguage({ query: 'pt', saved: 'es', acceptLanguage: 'it' })).toBe('pt-BR');
    expect(viewerLanguage({ query: 'xx', saved: 'es', acceptLanguage: 'it' })).toBe('es');
    expect(viewerLanguage({ acceptLanguage: 'de-DE,fr;q=0.9,it;q=0.5,es;q=0.8' })).toBe('es');
    expect(viewerLanguage({ acceptLanguage: 'de' })).toBe('en');
    expect(languageFromAcceptHeader('es;q=0,it')).toBe('it');
  });

  it('translates with interpolation and falls back to English', () => {
    expect(translator('it')('header.scoreValue', { score: 66.7 })).toBe('66.7/100');
    expect(translator('es')('summary.title')).toBe('Resumen');
    expect(translator('es')('no.such.key')).toBe('no.such.key');
  });

  it('reads the analytics the evaluation engine stores', () => {
    const stored = computeAnalytics(
      [
        { seq: 1, speaker: 'prospect', text: 'Hello.', startMs: 0, endMs: 1000 },
        {
          seq: 2,
          speaker: 'rep',
          text: 'Um, what does your forecast look like today? Is it, um, manual?',
          startMs: 1500,
          endMs: 5500,
        },
        { seq: 3, speaker: 'prospect', text: 'Manual.', startMs: 6000, endMs: 7000, responseLatencyMs: 500 },
      ],
      { language: 'en' },
    );
    const a = readAnalytics(JSON.parse(JSON.stringify(stored)));
    expect(a?.talk?.repShare).toBeCloseTo(4000 / 6000, 2);
    expect(a?.questions).toEqual({ count: 2, open: 1, closed: 1 });
    expect(a?.fillers?.counts).toEqual([['um', 2]]);
    expect(a?.latency).toEqual({ avgMs: 500, maxMs: 500, count: 1 });
    expect(a?.longestMonologue?.turnSeq).toBe(2);
    expect(readAnalytics(null)).toBeNull();
  });

  it('makes file-name-safe slugs', () => {
    expect(slug('Descubrimiento – Señor Pérez <x>')).toBe('descubrimiento-senor-perez-x');
    expect(slug('***')).toBe('report');
  });
});
