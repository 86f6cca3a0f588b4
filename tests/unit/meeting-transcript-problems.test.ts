import { describe, expect, it } from 'vitest';
import { MAX_TRANSCRIPT_CHARS } from '../../server/contracts/meetings';
import { AppError } from '../../server/errors';
import { readCallTranscript } from '../../server/services/meetings/transcript';

function refusal(content: string) {
  try {
    readCallTranscript(content);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    return { code: err.code, message: err.message, details: err.details };
  }
  throw new Error('the transcript was accepted');
}

const vtt = (...cues: string[]) => `WEBVTT\n\n${cues.join('\n\n')}\n`;

// each kind of problem once: the file, then the problem, its line (null: the whole file) and the message's values
const CASES: [string, string, string, number | null, Record<string, string | number>][] = [
  ['an empty file', ' \n\n', 'empty', null, {}],
  ['a WebVTT file without cues', 'WEBVTT\n\n', 'empty', null, {}],
  ['binary bytes', 'PK\u0003\u0004\u0000\u0000\u0014\u0000\b\u0000', 'notText', null, {}],
  ['text that did not decode', `Ana: hi\n${'\uFFFD'.repeat(40)}`, 'notText', null, {}],
  ['a PDF', '%PDF-1.7\n1 0 obj\n', 'unsupportedFormat', null, { kind: 'PDF' }],
  ['a JSON document', '{"speaker":"Ana","text":"hi"}', 'unsupportedFormat', null, { kind: 'JSON' }],
  [
    'a Word-to-HTML export',
    '<!DOCTYPE html>\n<html><body>Ana: hi</body></html>',
    'unsupportedFormat',
    null,
    { kind: 'HTML' },
  ],
  ['a file over the limit', `Ana: ${'a'.repeat(MAX_TRANSCRIPT_CHARS)}`, 'tooLarge', null, { mb: 5 }],
  [
    'a WebVTT cue with 61 seconds',
    vtt('00:00:01.000 --> 00:00:02.000\n<v Ana>Hi</v>', '00:00:02.000 --> 00:00:61.000\n<v Bo>Hello</v>'),
    'badTime',
    6,
    { time: '00:00:61.000' },
  ],
  [
    'an SRT cue whose time is not a time',
    '1\n00:00:01,000 --> 00:00:02,000\nAna: Hi\n\n2\n00:00:02,000 --> soon\nBo: Hello\n',
    'badTime',
    6,
    { time: 'soon' },
  ],
  ['a plain-text clock with 75 seconds', 'Ana: Hi\n[00:01:75] Bo: Hello', 'badTime', 2, { time: '00:01:75' }],
  ['text without speakers', 'Hi, thanks for the time.\nSure, go ahead.', 'noSpeakers', null, {}],
  [
    'WebVTT without voices',
    vtt('00:00:01.000 --> 00:00:02.000\nHi', '00:00:02.000 --> 00:00:03.000\nHello'),
    'noSpeakers',
    null,
    {},
  ],
  ['one person speaking', 'Ana: Hi.\nAna: Anyone there?', 'oneSpeaker', null, { name: 'Ana' }],
];

describe('a transcript file that cannot be read says what is wrong and where', () => {
  it.each(CASES)('%s', (_, content, problem, line, params) => {
    const r = refusal(content);
    expect(r.code).toBe('VALIDATION');
    const key = `meetings.validation.transcript${problem[0].toUpperCase()}${problem.slice(1)}`;
    expect(r.details).toEqual({ problem, messageKey: key, line, params, fieldErrors: { content: [key] } });
    expect(r.message.startsWith(line === null ? '' : `Line ${line}: `)).toBe(true);
  });

  it('words the English message with the line and the reason', () => {
    expect(refusal(CASES[8][1]).message).toBe("Line 6: the time '00:00:61.000' is not valid");
    expect(refusal('Ana: Hi.').message).toBe('Only one speaker found (Ana): a call needs at least two');
  });

  it('still reads what it read before: cue identifiers, NOTE blocks, cue settings, hour-less times, long calls', () => {
    const t = readCallTranscript(
      vtt(
        'NOTE exported by Zoom',
        'intro\n00:01.000 --> 00:02.500 align:start position:10%\nAna: Shall we start?',
        '00:02.500 --> 01:00:03.000\n<v Bo>Fine.</v>',
      ),
    );
    expect(t.segments.map((s) => [s.speaker, s.text, s.endMs])).toEqual([
      ['Ana', 'Shall we start?', 2500],
      ['Bo', 'Fine.', 3_603_000],
    ]);
    expect(readCallTranscript('Intro line\n[75:10] Ana: Late in a long call\nBo: Yes').speakers).toEqual([
      'Speaker',
      'Ana',
      'Bo',
    ]);
  });

  it('skips a cue without text, as WebVTT allows and exporters write', () => {
    const t = readCallTranscript(
      vtt(
        '00:00:01.000 --> 00:00:02.000\n<v Ana>Hi</v>',
        '2\n00:00:02.000 --> 00:00:03.000',
        '00:00:03.000 --> 00:00:04.000\n<v Bo>Hello</v>',
      ),
    );
    expect(t.segments.map((s) => [s.speaker, s.text])).toEqual([
      ['Ana', 'Hi'],
      ['Bo', 'Hello'],
    ]);
  });

  it('reads an arrow in an SRT cue’s text as speech, not as a time', () => {
    const t = readCallTranscript(
      '1\n00:00:01,000 --> 00:00:02,000\nAna: From A --> B?\n\n2\n00:00:02,000 --> 00:00:03,000\nBo: Yes\n',
    );
    expect(t.segments.map((s) => s.text)).toEqual(['From A --> B?', 'Yes']);
  });
});
