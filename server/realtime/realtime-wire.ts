/**
 * The relay's hot path on the OpenAI Realtime GA wire: one `input_audio_buffer.append` up per mic
 * frame and one `response.output_audio.delta` down per chunk of the prospect's voice, each a few
 * KB of JSON around a base64 string. Profiling the relay (docs/benchmarks.md, "Call relay") showed
 * the generic path — JSON.stringify escaping-scans the base64, the SDK parses every event in full
 * and dispatches it twice — costing more than the base64 itself; these build and read exactly the
 * same JSON, and anything unusual falls back to the full parse.
 */

const APPEND_HEAD = '{"type":"input_audio_buffer.append","audio":"';
const APPEND_TAIL = '"}';

/**
 * `JSON.stringify({ type: 'input_audio_buffer.append', audio: base64 })`, byte for byte (base64
 * never needs escaping), built straight into one buffer.
 */
export function appendAudioMessage(pcm16: Buffer): Buffer {
  const audio = pcm16.toString('base64');
  const out = Buffer.allocUnsafe(APPEND_HEAD.length + audio.length + APPEND_TAIL.length);
  let off = out.write(APPEND_HEAD, 0, 'latin1');
  off += out.write(audio, off, 'latin1');
  out.write(APPEND_TAIL, off, 'latin1');
  return out;
}

const AUDIO_DELTA_TYPE = 'response.output_audio.delta';
const TYPE_MARK = Buffer.from(`"type":"${AUDIO_DELTA_TYPE}"`);
const DELTA_KEY = Buffer.from('"delta":"');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * A `response.output_audio.delta` event read without parsing its audio as JSON: the base64 value
 * of the top-level `delta` is cut out of the message, the rest (a few ids) is parsed in full, and
 * the audio decoded from the bytes. Returns null for any other event, and for an audio delta in a
 * form this does not read (whitespace around the type, an escape inside the base64, `delta` not
 * at the top level): the caller then parses the message as usual, so the result is always what the
 * full parse would give.
 */
export function parseOutputAudioDelta(data: Buffer): { itemId: string; pcm: Buffer } | null {
  if (data.indexOf(TYPE_MARK) < 0) return null;
  const key = data.indexOf(DELTA_KEY);
  if (key < 0) return null;
  const start = key + DELTA_KEY.length;
  const end = data.indexOf(QUOTE, start);
  if (end < 0) return null;
  const backslash = data.indexOf(BACKSLASH, start);
  if (backslash >= 0 && backslash < end) return null;
  let rest: unknown;
  try {
    rest = JSON.parse(data.toString('utf8', 0, start) + data.toString('utf8', end));
  } catch {
    return null;
  }
  if (typeof rest !== 'object' || rest === null || Array.isArray(rest)) return null;
  const ev = rest as { type?: unknown; delta?: unknown; item_id?: unknown };
  // the cut-out value was the top-level delta exactly when that is now the empty string
  if (ev.type !== AUDIO_DELTA_TYPE || ev.delta !== '') return null;
  return {
    itemId: typeof ev.item_id === 'string' ? ev.item_id : '',
    pcm: Buffer.from(data.toString('latin1', start, end), 'base64'),
  };
}
