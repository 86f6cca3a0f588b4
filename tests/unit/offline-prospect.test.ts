import { describe, expect, it } from 'vitest';
import { OfflineUpstream } from '../../server/realtime/offline-upstream';
import { buildProspectProfile, greet, initialState, respond } from '../../server/realtime/offline-prospect';
import type { UpstreamEvent } from '../../server/realtime/upstream';
import { holdCall, prospectFor } from '../fixtures/offline-calls';

// A scenario in today's shape, written the way the generator writes it: what the prospect says is
// in the first person; the notes for the trainer are not.
const SCENARIO = {
  variables: {
    prospect_name: 'Laura Gómez',
    prospect_role: 'Head of Operations',
    company_name: 'TransLog',
    company_size: 'About 200 employees',
    industry: 'Road freight',
    current_situation: 'We plan every route by hand in spreadsheets each morning.',
    pain_points: ['Planning takes my dispatchers two hours a day.'],
    goals: ['I want planning done before the trucks leave.'],
    objections: [
      {
        objection: 'We already tried a routing tool and it failed.',
        surfaces_when: 'When the rep pitches.',
        moment: 'pitch',
      },
      {
        objection: 'I am not sure we have budget for this right now.',
        surfaces_when: 'When price comes up.',
        moment: 'price',
      },
    ],
    budget: 'There is some budget, but I would have to justify it.',
    timeline: 'We want to decide this year.',
    decision_process: 'I recommend, and our COO signs off.',
    competitors: ['RouteMax'],
    hidden_information: [
      {
        information: 'The COO wants a decision by June.',
        reveal_when: 'The rep asks about the timeline.',
        topic: 'timing',
        said: 'Between us, our COO wants this decided by June.',
      },
      {
        information: "The prospect's own bonus depends on on-time deliveries.",
        reveal_when: 'The rep asks what it means for her personally.',
        topic: 'motivation',
        said: 'Part of my bonus depends on on-time deliveries.',
      },
    ],
    success_signals: ['A pilot with two depots.'],
  },
  narrative: { summary: 'You call Laura at TransLog.', opening_line: 'TransLog, Laura speaking. Who is this?' },
};

const laura = (difficulty: 'easy' | 'medium' | 'hard' | 'expert' = 'medium', seed = 'unit') =>
  prospectFor(SCENARIO, { personaName: 'Laura Gómez', difficulty, language: 'en', seed });
const say = (call: ReturnType<typeof holdCall>, i: number) => call.turns[i].prospect;

describe('offline prospect: a dialogue, not a lookup', () => {
  it('answers the question that was asked, from the scenario, in the first person', () => {
    const call = holdCall(laura(), [
      'How do you plan routes today?',
      'What is the biggest problem with that process?',
      'What are you trying to achieve this year?',
      'Who else is involved in the decision?',
    ]);
    expect(call.greeting).toBe('TransLog, Laura speaking. Who is this?');
    expect(say(call, 0)).toMatch(/we plan every route (?:by hand|manually)/i);
    expect(say(call, 1)).toMatch(/planning takes my dispatchers two hours a day/i);
    expect(say(call, 2)).toMatch(/planning done before the trucks leave/i);
    expect(say(call, 3)).toMatch(/our COO signs off/i);
  });

  it('shares a hidden fact only on an open question on its topic, in its own words, once', () => {
    const call = holdCall(laura('easy'), [
      'Do you have a deadline?',
      'When do you need this decided by?',
      'When do you need this decided by, again?',
      'What is driving that deadline?',
    ]);
    expect(say(call, 0)).not.toContain('June');
    expect(say(call, 1)).toMatch(/our COO wants this decided(?:, [\w' ]+,)? by June/i);
    expect(say(call, 1)).not.toContain('The COO wants a decision by June.');
    expect(call.turns[1].events.revealed).toEqual(['hidden.0']);
    // later questions on the topic do not repeat it
    expect(call.turns.slice(2).some((t) => t.prospect.includes('June'))).toBe(false);
  });

  it('past easy, the first answer on a topic is the surface one; digging deeper uncovers the rest', () => {
    const call = holdCall(laura('hard'), [
      'How do you plan routes today?',
      'When do you need a decision on this?',
      'And what is driving that timeline?',
    ]);
    expect(say(call, 1)).toMatch(/decide this year/i);
    expect(say(call, 1)).not.toContain('June');
    expect(say(call, 2)).toContain('June');
  });

  it('raises objections at sensible moments and judges the answer', () => {
    const call = holdCall(laura('medium'), [
      'How do you plan routes today?',
      'Our platform is the best solution on the market.',
      'It works, really.',
      'I understand that concern. For example, a customer like yours started with a pilot on two depots and measured the hours saved each week.',
      'And what does the license cost per user?',
    ]);
    expect(say(call, 1)).toMatch(/We already tried a routing tool(?:, [\w' ]+,)? and it failed\./);
    expect(call.turns[2].events.pushedBack).toBe(true);
    expect(call.turns[3].events.resolved).toBe('handled');
    expect(say(call, 4)).toMatch(/I'm not sure we have budget(?:, [\w' ]+,)? for this right now\./);
  });

  it('agrees to a next step only when it is concrete: a day, and something to do on it', () => {
    const call = holdCall(laura('easy'), [
      'How do you plan routes today?',
      'Could we have a meeting sometime next week?',
      'Shall we say Tuesday?',
      'Could we book a demo with your team next Tuesday at 10am?',
      'Great. Thanks, goodbye.',
    ]);
    expect(call.turns[1].state.agreed).toBeNull();
    expect(say(call, 1)).toMatch(/day/i);
    expect(call.turns[2].state.agreed).toBeNull();
    expect(say(call, 3)).toContain('Tuesday at 10am');
    expect(call.turns[3].state.agreed).toEqual({ when: 'Tuesday at 10am' });
    expect(say(call, 4)).toContain('Tuesday at 10am');
  });

  it('says what is missing before agreeing, in character', () => {
    const call = holdCall(laura('hard'), ['Could we book a demo next Tuesday at 10am?']);
    expect(call.state.agreed).toBeNull();
    expect(say(call, 0)).toMatch(/too early|do not see yet/i);
  });

  it('reacts to tone: rudeness, pressure and interruptions are noticed', () => {
    const rude = holdCall(laura('medium'), [
      'How do you plan routes today?',
      'Listen to me, that is stupid.',
      'Shut up, you do not get it.',
    ]);
    expect(say(rude, 1)).toMatch(/tone|no need to talk to me like that/i);
    expect(rude.end).toBe('rude');
    const pushy = holdCall(laura('medium'), ['How do you plan routes today?', 'You need to decide today, trust me.']);
    expect(say(pushy, 1)).toMatch(/pushed|rush/i);
    const cut = holdCall(laura('hard'), ['How do you plan routes today?', 'What is the biggest problem with that?'], {
      interrupted: [1],
    });
    expect(say(cut, 1)).toMatch(/interrupt|talking/i);
    expect(say(cut, 1)).toMatch(/two hours/);
    expect(cut.turns[1].events.interrupted).toBe(true);
  });

  it('remembers what was said', () => {
    const call = holdCall(laura('medium'), [
      'How do you plan routes today?',
      'How do you plan routes today?',
      'And how does the planning work day to day?',
    ]);
    expect(say(call, 1)).toMatch(/just said that|repeating|first time/i);
    expect(say(call, 2)).toMatch(/As I said|Like I told you/);
  });

  it('wastes no patience on a good call and runs out of it on an empty one', () => {
    const good = holdCall(laura('expert'), [
      'How do you plan routes today?',
      'What is the biggest problem with that?',
      'What does that cost you each week?',
    ]);
    expect(good.end).toBeNull();
    const empty = holdCall(laura('expert'), ['Okay.', 'Hmm.', 'Right.', 'Sure.']);
    expect(empty.end).toBe('patience');
    expect(empty.turns).toHaveLength(3);
  });

  it('is deterministic for a call, and two calls need not word things the same way', () => {
    const lines = ['How do you plan routes today?', 'What is the biggest problem with that?', 'Okay.', 'Hmm.'];
    expect(holdCall(laura('medium', 'call-a'), lines).turns.map((t) => t.prospect)).toEqual(
      holdCall(laura('medium', 'call-a'), lines).turns.map((t) => t.prospect),
    );
    const variants = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((s) =>
        holdCall(laura('medium', `call-${s}`), lines)
          .turns.map((t) => t.prospect)
          .join('|'),
      ),
    );
    expect(variants.size).toBeGreaterThan(1);
  });

  it('ends the call after the time the difficulty gives it', () => {
    const state = greet(initialState(laura('expert')), 0).state;
    const early = respond(state, 'How do you plan routes today?', 60_000);
    expect(early.end).toBeNull();
    const late = respond(early.state, 'And what is the biggest problem with that?', 5 * 60_000 + 1);
    expect(late.reply).toMatch(/minute/);
    const over = respond(late.state, 'What does that cost you?', 8 * 60_000);
    expect(over.end).toBe('time');
  });
});

describe('offline prospect: stored scenarios of older shapes keep working', () => {
  it('reads hidden facts without a topic or spoken form, turning the note into the first person', () => {
    const old = {
      variables: {
        ...SCENARIO.variables,
        objections: [
          { objection: 'We already tried a routing tool and it failed.', surfaces_when: 'when the rep pitches' },
        ],
        hidden_information: [
          { information: 'The COO wants a decision by June.', reveal_when: 'the rep asks about the decision timeline' },
          {
            information: "The prospect's own bonus depends on on-time deliveries.",
            reveal_when: 'asked what it means for them personally',
          },
        ],
      },
      narrative: SCENARIO.narrative,
    };
    const profile = prospectFor(old, { personaName: 'Laura Gómez', difficulty: 'easy', language: 'en' });
    expect(profile.hidden.map((h) => [h.topic, h.line])).toEqual([
      ['timing', 'Our COO wants a decision by June.'],
      ['motivation', 'My own bonus depends on on-time deliveries.'],
    ]);
    expect(profile.objections[0].moment).toBe('pitch');
  });

  it('a hand-written scenario (summary and opening line only) still gets a prospect in character', () => {
    const call = holdCall(
      prospectFor(
        { variables: null, narrative: { summary: 'You call Laura.', opening_line: 'Hello?' } },
        { personaName: 'Laura Gómez — Ops', difficulty: 'medium', language: 'es' },
      ),
      ['¿Cómo gestionan hoy las rutas?'],
    );
    expect(call.greeting).toBe('Hello?');
    expect(call.turns[0].prospect.length).toBeGreaterThan(5);
  });
});

describe('OfflineUpstream', () => {
  it('emits each prospect line as one final transcript, treats a line sent before the answer as an interruption, and hangs up with a reason', async () => {
    const events: UpstreamEvent[] = [];
    // text only here (the voice has its own tests): this is about the lines and their order
    const up = new OfflineUpstream(
      buildProspectProfile({
        scenario: SCENARIO,
        personaName: 'Laura Gómez',
        difficulty: 'expert',
        language: 'en',
        seed: 'x',
        thinkMs: 5,
      }),
      { voice: null },
    );
    up.on((e) => events.push(e));
    await up.connect();
    up.greet();
    const finals = () =>
      events.filter(
        (e): e is Extract<UpstreamEvent, { type: 'output_transcript' }> => e.type === 'output_transcript' && e.final,
      );
    await expect.poll(() => finals().length).toBe(1);
    up.sendText('How do you plan routes today?');
    up.sendText('What is the biggest problem?'); // before the first answer arrived
    await expect.poll(() => finals().length).toBe(3);
    expect(finals()[2].text).toMatch(/interrupt|talking|talk over/i);
    for (const line of ['Okay.', 'Hmm.', 'Right.', 'Sure.']) up.sendText(line);
    await expect.poll(() => events.some((e) => e.type === 'hangup')).toBe(true);
    expect(events.find((e) => e.type === 'hangup')).toMatchObject({ detail: 'The prospect ran out of patience' });
    up.close();
  });
});
