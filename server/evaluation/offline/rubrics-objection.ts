import {
  agreed,
  finding,
  isDatedStep,
  isFollowUp,
  isVagueStep,
  objections,
  repTurnsAfter,
  responseAfter,
  statements,
  verdict,
  type Rubric,
} from './detectors';
import type { CallFacts, RepSentence } from './features';

/** Objection Handling (seed/scorecards.ts): what the rep does after the prospect pushes back. */

const NO_OBJECTION = verdict({
  level: 0,
  example: 'acknowledge',
  evidence: [],
  found: [],
  missing: [finding('noObjection')],
});

const acknowledge: Rubric = (x) => {
  const obs = objections(x);
  if (!obs.length) return { ...NO_OBJECTION, example: 'acknowledge' };
  let best: { level: 0 | 1 | 2; ev: RepSentence[] } = { level: 0, ev: [] };
  let argued = false;
  for (const o of obs) {
    const resp = responseAfter(x, o.at);
    if (resp.some((s) => x.has(s, 'argue'))) {
      argued = true;
      continue;
    }
    const ack = resp.find((s) => x.has(s, 'ack') || x.has(s, 'validate'));
    if (!ack) continue;
    // restates the concern in the prospect's terms, or validates it, before any pitch
    const restates = (s: RepSentence) =>
      !s.question &&
      !x.has(s, 'pitch') &&
      !x.has(s, 'praise') &&
      !x.lex.startsWith('pivot', s.f) &&
      (x.has(s, 'validate') || x.overlap(s.text, o.turn.text) >= 2);
    const restated = resp.find((s) => s !== ack && restates(s)) ?? (restates(ack) ? ack : undefined);
    if (restated && best.level < 2) best = { level: 2, ev: [ack, restated] };
    else if (best.level < 1) best = { level: 1, ev: [ack] };
  }
  const found = [
    best.level >= 1 && finding('acknowledged'),
    best.level === 2 && finding('restated'),
    argued && finding('argued'),
  ];
  return verdict({
    level: best.level,
    example: 'acknowledge',
    evidence: best.ev,
    found,
    missing: [finding('acknowledged'), finding('restated')],
  });
};

/** Questions, in the two rep turns after an objection, that ask what the objection means. */
function clarifyingQuestions(x: CallFacts, obs: ReturnType<typeof objections>): RepSentence[] {
  return [
    ...new Set(
      obs.flatMap((o) =>
        repTurnsAfter(x, o.at, 2).filter(
          (s) =>
            s.question &&
            !isDatedStep(x, s) &&
            (x.has(s, 'clarify') || x.has(s, 'concern') || (s.open && x.overlap(s.text, o.turn.text) >= 1)),
        ),
      ),
    ),
  ];
}

const clarify: Rubric = (x) => {
  const obs = objections(x);
  if (!obs.length) return { ...NO_OBJECTION, example: 'clarify' };
  const asked = clarifyingQuestions(x, obs);
  const open = asked.filter((s) => s.open);
  // "So the real question is payback, not the sticker price. Is that right?" — and the prospect confirms
  const confirmed = x.live.find(
    (s) =>
      x.has(s, 'paraphrase') &&
      x.overlap(s.text, x.prospectBefore(s)) >= 2 &&
      agreed(x, s) &&
      x.sameTurn(s).some((t) => t.question),
  );
  const found = [finding('clarifyingQuestions', asked.length), confirmed && finding('realConcernConfirmed')];
  const missing = [finding('clarifyingOpen'), finding('realConcernConfirmed')];
  if (open.length && confirmed) return verdict({ level: 2, example: 'clarify', evidence: [open[0], confirmed], found });
  if (asked.length) return verdict({ level: 1, example: 'clarify', evidence: asked, found, missing });
  return verdict({ level: 0, example: 'clarify', evidence: [], found, missing });
};

const reframe: Rubric = (x) => {
  const obs = objections(x);
  if (!obs.length) return { ...NO_OBJECTION, example: 'evidence' };
  const claims = statements(x).filter((s) => s.at > obs[0].at);
  const specific = claims.filter((s) => x.has(s, 'customerExample') && x.hasNumber(s.text));
  const applied = claims.filter(
    (s) =>
      x.has(s, 'secondPerson') &&
      x.hasNumber(s.text) &&
      (x.has(s, 'reference') || x.overlap(s.text, x.prospectBefore(s)) >= 1),
  );
  // relevant: about what the prospect raised since the objection (their words), or applied to their figures
  const since = (s: RepSentence) => x.prospectBefore(s).filter((t) => x.turns.indexOf(t) >= obs[0].at);
  const relevant = specific.filter(
    (s) =>
      x.overlap(
        x
          .sameTurn(s)
          .map((t) => t.text)
          .join(' '),
        since(s),
      ) >= 1,
  );
  const generic = claims.filter((s) => x.has(s, 'praise') || (x.has(s, 'customerExample') && !x.hasNumber(s.text)));
  const early = repTurnsAfter(x, obs[0].at, 2).find((s) => x.has(s, 'discount'));
  const found = [
    finding('evidenceSpecific', specific.length),
    finding('evidenceApplied', applied.length),
    finding('evidenceGeneric', generic.length),
    early && finding('discountEarly'),
  ];
  const missing = [finding('evidenceSpecific'), finding('evidenceApplied')];
  if (early || (!specific.length && !generic.length && !applied.length))
    return verdict({ level: 0, example: 'evidence', evidence: [early], found, missing });
  if (specific.length && (applied.length || relevant.length))
    return verdict({ level: 2, example: 'evidence', evidence: [relevant[0] ?? specific[0], applied[0]], found });
  return verdict({ level: 1, example: 'evidence', evidence: [...specific, ...applied, ...generic], found, missing });
};

const confirm: Rubric = (x) => {
  const obs = objections(x);
  if (!obs.length) return { ...NO_OBJECTION, example: 'check' };
  // checks come after the rep has answered the objection: the first claim, example or figure
  const answered = statements(x).find(
    (s) =>
      s.at > obs[0].at &&
      (x.has(s, 'customerExample') || x.has(s, 'praise') || x.hasNumber(s.text) || x.has(s, 'discount')),
  );
  // asking what the objection means is clarifying it, not checking that the answer resolved it
  const clarifying = new Set(clarifyingQuestions(x, obs));
  const after = answered
    ? x.live.filter(
        (s) =>
          s.question &&
          s.at >= answered.at &&
          !clarifying.has(s) &&
          !x.has(s, 'meeting') &&
          !x.dated(s.text) &&
          !x.has(s, 'commitment'),
      )
    : [];
  const open = after.filter((s) => s.open || x.has(s, 'openCheck'));
  const closed = after.filter((s) => !open.includes(s));
  const handled = open.find((s) => {
    const answer = x.answerTo(s);
    return !!answer && x.following(s, 1).some((f) => x.overlap(f.text, answer.text) >= 1 || isFollowUp(x, f));
  });
  const found = [
    finding('openCheck', open.length),
    finding('closedCheck', closed.length),
    handled && finding('doubtHandled'),
  ];
  const missing = [finding('openCheck'), finding('doubtHandled')];
  if (handled) return verdict({ level: 2, example: 'check', evidence: [handled], found });
  if (open.length || closed.length)
    return verdict({ level: 1, example: 'check', evidence: [...open, ...closed], found, missing });
  return verdict({ level: 0, example: 'check', evidence: [], found, missing });
};

export const advance: Rubric = (x) => {
  const dated = x.live.filter((s) => isDatedStep(x, s));
  const agreedStep = dated.find((s) => agreed(x, s));
  const vague = x.live.filter((s) => isVagueStep(x, s));
  const found = [
    agreedStep && finding('datedStepAgreed'),
    finding('datedStep', agreedStep ? 0 : dated.length),
    finding('vagueStep', vague.length),
  ];
  const missing = [finding('datedStepAgreed')];
  if (agreedStep) return verdict({ level: 2, example: 'nextStep', evidence: [agreedStep], found });
  if (dated.length || vague.length)
    return verdict({ level: 1, example: 'nextStep', evidence: [...dated, ...vague], found, missing });
  return verdict({ level: 0, example: 'nextStep', evidence: [], found, missing });
};

export const OBJECTION: Record<string, Rubric> = {
  Acknowledge: acknowledge,
  Clarify: clarify,
  'Reframe with evidence': reframe,
  'Confirm resolution': confirm,
  'Advance the conversation': advance,
};
