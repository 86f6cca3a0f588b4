type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface Floor {
  /** The call's state once connected: the system listening to the rep, or the prospect's audio playing. */
  talking: 'listening' | 'speaking';
  /** Whose turn it is. */
  speaking: 'rep' | 'prospect' | null;
  /** Nothing turns the rep's voice into words here (a dry run, or offline without speech recognition): they type. */
  typesOnly: boolean;
  prospectName: string;
}

/**
 * Who has the floor, in one phrase: "Derek is speaking", "Listening · Your turn to speak", or
 * "Your turn: type your answer" — never the call's state repeated beside it ("Speaking · Derek is
 * speaking") nor a state that contradicts the turn ("Speaking · Your turn to speak"). The call's
 * "speaking" state is the prospect's audio.
 */
export function floorText(t: Translate, f: Floor): string {
  // the rep's turn begins when both the page and the server are done with the prospect's answer
  if (f.speaking === 'prospect' || f.talking === 'speaking') return t('speaking.prospect', { name: f.prospectName });
  return f.typesOnly ? t('speaking.repTypes') : `${t('state.listening')} · ${t('speaking.rep')}`;
}
