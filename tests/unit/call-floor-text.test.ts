import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floorText, type Floor } from '../../client/features/calls/floor-text';

// the English texts, looked up as the page's t() would
const calls = JSON.parse(readFileSync('locales/en/calls.json', 'utf8')) as Record<string, Record<string, string>>;
const t = (key: string, o: Record<string, unknown> = {}) => {
  const [group, name] = key.split('.');
  return calls[group][name].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(o[k]));
};
const floor = (f: Partial<Floor>) =>
  floorText(t, { talking: 'listening', speaking: 'rep', typesOnly: false, prospectName: 'Derek', ...f });

describe('who has the floor, in one phrase', () => {
  it('the prospect speaking is said once, not beside the state "Speaking"', () => {
    expect(floor({ talking: 'speaking', speaking: 'prospect' })).toBe('Derek is speaking');
  });

  it('the rep’s turn never reads "Speaking · Your turn to speak", in a dry run or a voice call', () => {
    expect(floor({ talking: 'speaking', speaking: 'rep', typesOnly: true })).toBe('Derek is speaking');
    expect(floor({ talking: 'listening', speaking: 'rep', typesOnly: true })).toBe('Your turn: type your answer');
    expect(floor({ talking: 'listening', speaking: 'rep' })).toBe('Listening · Your turn to speak');
    for (const f of [{ talking: 'speaking' as const }, { typesOnly: true }, {}])
      expect(floor(f)).not.toMatch(/^Speaking · /);
  });
});
