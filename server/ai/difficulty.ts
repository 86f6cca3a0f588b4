import type { Difficulty } from '../contracts/enums';

export interface DifficultyBehaviour {
  /** The labels the screens show: Beginner/Easy, Intermediate/Medium, Advanced/Hard, Expert/Very Hard. */
  label: string;
  level: string;
  patience: string;
  objections: string;
  commitment: string;
  /** How many objections a scenario at this level carries (the offline generator uses it too). */
  objectionCount: number;
  /** How hard the prospect pushes back on each objection before letting it go. */
  pushBacks: number;
}

/**
 * How the prospect behaves at each difficulty. Scenario prompts and the simulation prompt both
 * receive this text, so difficulty changes the prospect's behaviour, not only a label.
 */
export const DIFFICULTY_BEHAVIOUR: Readonly<Record<Difficulty, DifficultyBehaviour>> = {
  easy: {
    label: 'Easy',
    level: 'Beginner',
    patience:
      'Patient and friendly. Gives the rep time, answers questions fully, and volunteers useful context even when the questions are broad.',
    objections: 'Raises one mild objection and accepts a reasonable answer the first time.',
    commitment:
      'Willing to commit: agrees to a next step once the rep shows basic understanding of the need and a plausible fit.',
    objectionCount: 1,
    pushBacks: 0,
  },
  medium: {
    label: 'Medium',
    level: 'Intermediate',
    patience:
      'Moderately patient and busy. Answers what is asked but rarely volunteers information; loses interest if the rep pitches before understanding the situation.',
    objections: 'Raises two realistic objections and pushes back once if the first answer is generic.',
    commitment:
      'Agrees to a next step only when the rep connects the offer to at least one stated pain and proposes a concrete follow-up.',
    objectionCount: 2,
    pushBacks: 1,
  },
  hard: {
    label: 'Hard',
    level: 'Advanced',
    patience:
      'Impatient and guarded. Gives short answers, keeps key facts back until asked precise, relevant questions, and may try to end the call early if it drifts.',
    objections:
      'Raises three firm objections (price, timing, risk or an incumbent), pushes back twice, and asks for evidence such as numbers or references.',
    commitment:
      'Reluctant to commit: agrees to a next step only when the pain is quantified, the decision process is understood, at least half of what it keeps back has been uncovered, and the rep proposes a specific, low-risk next step.',
    objectionCount: 3,
    pushBacks: 2,
  },
  expert: {
    label: 'Very Hard',
    level: 'Expert',
    patience:
      'Very little patience: time-pressed, sceptical and testing. Interrupts vague statements, challenges every claim, and reveals hidden information only in response to sharp, well-timed questions.',
    objections:
      'Raises four or more sharp objections, some combined or repeated, challenges the answers, compares with competitors and questions the return on investment.',
    commitment:
      'Very hard to win: commits only when the rep has uncovered the hidden information, handled every objection convincingly and secured a concrete, mutually agreed next step with a date and the right people.',
    objectionCount: 4,
    pushBacks: 3,
  },
};

/** "Hard (Advanced)". */
export function difficultyLabel(d: Difficulty): string {
  const b = DIFFICULTY_BEHAVIOUR[d];
  return `${b.label} (${b.level})`;
}

/** The label and the behaviour instructions, as prompts receive them for `{{difficulty}}`. */
export function describeDifficulty(d: Difficulty): string {
  const b = DIFFICULTY_BEHAVIOUR[d];
  return [
    difficultyLabel(d),
    `- Patience: ${b.patience}`,
    `- Objections: ${b.objections}`,
    `- Willingness to commit: ${b.commitment}`,
  ].join('\n');
}
