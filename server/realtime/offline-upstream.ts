import { greet, initialState, respond, type ProspectEnd, type ProspectProfile, type ProspectState } from './offline-prospect';
import { UpstreamEmitter, type CallUpstream } from './upstream';

const HANGUP_DETAIL: Record<ProspectEnd, string> = {
  rude: 'The prospect ended the call: the rep was rude',
  pressure: 'The prospect ended the call: too much pressure',
  patience: 'The prospect ran out of patience',
  time: 'The prospect ran out of time',
  goodbye: 'The prospect said goodbye',
};

/** Texts of a frozen scorecard the prospect must never voice (criteria and their level descriptions). */
export function scorecardTexts(snapshot: unknown): string[] {
  const criteria = (snapshot as { criteria?: unknown } | null)?.criteria;
  if (!Array.isArray(criteria)) return [];
  return criteria.flatMap((c: Record<string, unknown>) => [c?.description, c?.levelZero, c?.levelLow, c?.levelHigh].filter((x): x is string => typeof x === 'string'));
}

/**
 * The offline prospect behind the CallUpstream interface (provider 'offline', text only): the
 * dialogue engine (server/realtime/offline-prospect) on a clock, each of its lines emitted as one
 * final transcript event after a short thinking delay. A rep line that arrives before the
 * prospect answered the previous one, or a barge-in on its audio (`truncate`), is an interruption.
 */
export class OfflineUpstream extends UpstreamEmitter implements CallUpstream {
  readonly provider = 'offline' as const;
  readonly textOnly = true;
  private state: ProspectState;
  private n = 0;
  private closed = false;
  private unanswered = 0;
  private bargedIn = false;
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly profile: ProspectProfile,
    private readonly clock: () => number = Date.now,
  ) {
    super();
    this.state = initialState(profile);
  }

  /** What the prospect remembers so far (for tests and diagnostics). */
  get prospectState(): ProspectState {
    return this.state;
  }

  connect(): Promise<void> {
    this.emit({ type: 'ready' });
    return Promise.resolve();
  }

  private later(fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closed) fn();
    }, this.profile.thinkMs);
    this.timers.add(t);
  }

  private say(text: string) {
    const itemId = `offline_p_${++this.n}`;
    this.emit({ type: 'response_started' });
    this.emit({ type: 'output_transcript', itemId, text, final: true });
    this.emit({ type: 'response_done', usage: null, status: 'completed' });
  }

  greet() {
    const r = greet(this.state, this.clock());
    this.state = r.state;
    this.later(() => this.say(r.reply));
  }

  appendAudio() {
    /* the offline prospect hears text only (typed, or recognised in the browser) */
  }

  sendText(text: string) {
    if (this.closed || this.state.ended) return;
    this.emit({ type: 'input_transcript', itemId: `offline_r_${++this.n}`, text, final: true });
    const r = respond(this.state, text, this.clock(), { interrupted: this.unanswered > 0 || this.bargedIn });
    this.bargedIn = false;
    this.state = r.state;
    this.unanswered++;
    this.later(() => {
      this.unanswered--;
      if (r.reply) this.say(r.reply);
      if (r.end) this.emit({ type: 'hangup', detail: HANGUP_DETAIL[r.end] });
    });
  }

  truncate() {
    // the rep talked over the prospect's audio: the next line they say is an interruption
    this.bargedIn = true;
  }

  close() {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
