import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { tracer } from '../telemetry/tracing';
import { relayFramesDropped } from '../metrics/metrics';
import type { WebSocket, RawData } from 'ws';
import type { TenantRunner } from '../../db/tenant';
import type { CallUsage } from '../../db/schema/calls';
import type { CallEndReason } from '../contracts/enums';
import { addUsage, EMPTY_USAGE, estimateCostUsd } from '../services/calls/pricing';
import { DOWN_FRAME_BYTES, encodeFrame, type CallUiState, type ServerEvent } from './protocol';
import { END_DETAIL, newCallMetrics, storedMetrics, type ItemState } from './call-metrics';
import { ClientInput } from './client-input';
import { CallTurns } from './call-turns';
import { CallRecord } from './call-record';
import { BargeIn } from './barge-in';
import { normaliseLine, storableJson } from '../contracts/text';
import { type CallUpstream, type UpstreamEvent, type UpstreamSessionConfig } from './upstream';
import { caught } from '../metrics/caught';

export interface CallSessionOptions {
  /** The call's tenant transactions (the call's start opened them: server/http/ws.ts). */
  tenant: TenantRunner;
  tenantId: string;
  callId: string;
  timeLimitSeconds: number;
  upstream: CallUpstream;
  config: UpstreamSessionConfig;
  /** How long "ringing" lasts (ms). */
  ringMs?: number;
  /** How long to wait for the browser's `playback` report after an interruption (ms). */
  bargeInWaitMs?: number;
  /** Upstream ping interval (ms). */
  upstreamPingMs?: number;
  onEnded?: (reason: CallEndReason) => void;
}

/**
 * One live call: relays the rep's audio to the upstream and the prospect's audio back, and owns
 * the call — state machine, time limit, transcript turns (persisted as they finalize, in short
 * transactions), barge-in truncation, usage, metrics and the end reason.
 */
/** Allowance for the browser's playback buffer after the wall-clock end of an answer's audio. */
const PLAYBACK_GRACE_MS = 150;
const playbackEndsAt = (it: { firstAudioAt: number | null; sentMs: number }) =>
  (it.firstAudioAt ?? 0) + it.sentMs + PLAYBACK_GRACE_MS;

export class CallSession {
  private state: CallUiState = 'connecting';
  /** WebRTC: the model's output buffer is playing an answer (its audio never passes through here). */
  private remotePlaying = false;
  private ended = false;
  /** The call's span, from the socket's opening to the end (server/telemetry/tracing.ts). */
  private span: Span | null = null;
  private endPromise: Promise<void> | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private downSeq = 0;
  private connectedAt: number | null = null;
  private connectedWall: Date | null = null;
  private readonly openedAt = performance.now();
  private usage: CallUsage = { ...EMPTY_USAGE };
  private usageSeen = false;
  private responseActive = false;
  private currentProspect: string | null = null;
  private lastRepStopAt: number | null = null;
  private repStopPending = false;
  private listeningTimer: NodeJS.Timeout | null = null;
  private muted = false;
  readonly metrics = newCallMetrics();
  /** The call's tenant (for its lease: server/services/calls/leases.ts). */
  get tenantId(): string {
    return this.o.tenantId;
  }
  /** The call's tenant transactions (for its lease too). */
  get tenant(): TenantRunner {
    return this.o.tenant;
  }
  private readonly turns = new CallTurns(this.metrics, () => this.now());
  private readonly record: CallRecord;
  private readonly bargeIn: BargeIn;
  private readonly input: ClientInput;

  constructor(
    readonly ws: WebSocket,
    private readonly o: CallSessionOptions,
  ) {
    this.record = new CallRecord(o.tenant, o.tenantId, o.callId);
    this.bargeIn = new BargeIn({
      turns: this.turns,
      metrics: this.metrics,
      upstream: o.upstream,
      send: (msg) => this.send(msg),
      timer: (ms, fn) => this.timer(ms, fn),
      cancel: (t) => this.cancel(t),
      turnInterrupted: (itemId, playedMs) => this.record.turnInterrupted(itemId, playedMs),
      waitMs: o.bargeInWaitMs ?? 300,
    });
    this.input = new ClientInput(
      o.callId,
      this.metrics,
      (code) => this.send({ type: 'warning', code }),
      () => this.turns.count('dropped'),
    );
  }

  get upstream() {
    return this.o.upstream;
  }

  /** Ms since the call connected (or since the socket opened, before that). */
  private now() {
    return Math.round(performance.now() - (this.connectedAt ?? this.openedAt));
  }

  private timer(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private cancel(t: NodeJS.Timeout) {
    clearTimeout(t);
    this.timers.delete(t);
  }

  /** An item's transcript to the browser: each delta while it is spoken (kept for the final line), then the final line. */
  private sendTranscript(it: ItemState, line: { itemId: string; speaker: 'rep' | 'prospect'; delta?: string }) {
    const { itemId, speaker, delta } = line;
    const startMs = it.turn.startMs;
    if (delta === undefined)
      return this.send({ type: 'transcript', itemId, speaker, text: it.turn.text, final: true, startMs });
    it.deltas += delta;
    this.send({ type: 'transcript', itemId, speaker, delta, final: false, startMs });
  }

  private send(msg: ServerEvent) {
    if (this.ws.readyState === 1) this.ws.send(JSON.stringify(msg));
  }

  private setState(s: CallUiState) {
    if (this.state === s || this.state === 'ended') return;
    this.state = s;
    this.send({ type: 'state', state: s, at: Date.now() });
  }

  /** Runs the call: socket is up → dialing → ringing → call connected → conversation. */
  async start() {
    const { o, ws } = this;
    this.span = tracer().startSpan('call', {
      attributes: { 'call.id': o.callId, 'call.provider': o.upstream.provider },
    });
    ws.on('message', (data, isBinary) => this.onClientMessage(data, isBinary));
    ws.on('close', () => void this.end('client_dropped', 'The browser closed the connection'));
    ws.on('error', () => void this.end('client_dropped', 'Browser socket error'));
    o.upstream.on((e) => this.onUpstream(e));

    this.setState('connected');
    this.setState('dialing');
    this.record.state('dialing');
    const ringing = new Promise<void>((r) =>
      this.timer(50, () => {
        this.setState('ringing');
        this.record.state('ringing');
        this.timer(o.ringMs ?? 1500, r);
      }),
    );
    try {
      await Promise.all([o.upstream.connect(o.config), ringing]);
    } catch (err) {
      caught('upstream_connect', 'upstream connect failed', { err, callId: o.callId }, 'warn');
      if (!this.ended) this.send({ type: 'error', code: 'CALL_START_FAILED', fatal: true });
      return this.end('error', `Failed to start the call: ${(err as Error).message}`);
    }
    if (this.ended) return;
    this.connectedAt = performance.now();
    this.connectedWall = new Date();
    this.setState('call_connected');
    this.record.state('connected', this.connectedWall);
    const limitMs = o.timeLimitSeconds * 1000;
    this.timer(Math.max(0, limitMs - 60_000), () => {
      this.metrics.timeWarningAtMs = this.now();
      this.send({ type: 'warning', code: 'time_warning', remainingSeconds: Math.min(60, o.timeLimitSeconds) });
    });
    this.timer(limitMs, () => void this.end('time_limit', null));
    if (o.upstream.ping) {
      const every = o.upstreamPingMs ?? 10_000;
      const tick = () => {
        void o.upstream.ping!().then((ms) => {
          if (ms !== null && this.metrics.upstreamRttMs.length < 400)
            this.metrics.upstreamRttMs.push(Math.round(ms * 10) / 10);
        });
        this.timer(every, tick);
      };
      this.timer(every, tick);
    }
    this.setState('listening');
    o.upstream.greet();
  }

  // ───────────────────────────── browser → server ─────────────────────────────

  private onClientMessage(data: RawData, isBinary: boolean) {
    if (this.ended) return;
    const got = this.input.receive(data, isBinary);
    if (!got) return;
    if (got.kind === 'audio') return this.onAudioFrame(got.pcm);
    const msg = got.msg;
    switch (msg.type) {
      case 'ping':
        return this.send({ type: 'pong', id: msg.id, t: msg.t });
      case 'hangup':
        return void this.end('user_hangup', null);
      case 'mute':
        this.muted = msg.muted;
        return;
      case 'playback':
        return this.bargeIn.played(msg.itemId, msg.playedMs);
      case 'metrics':
        if (!storableJson(msg.samples))
          return void this.input.bad('badFrame', 'Metrics samples hold text that cannot be stored');
        if (msg.samples.length) this.record.browserMetrics(msg.samples);
        return;
      case 'text': {
        if (this.connectedAt === null) return;
        // one line of speech: a typed turn can never carry line breaks, controls or a forged turn line
        const line = normaliseLine(msg.text);
        if (!line) return;
        // a turn typed (or recognised) over the prospect interrupts it, as speaking over it would —
        // when the browser says whether it was playing, only over audio the rep could hear
        const playing = msg.heard === false ? null : this.prospectPlaying(msg.heard === true);
        if (playing) this.bargeIn.start(playing);
        else if (msg.heard === false) this.endedBeforeEstimate();
        this.o.upstream.sendText(line);
        return;
      }
    }
  }

  /** A frame that passed ClientInput: counted, then forwarded once connected and not muted. */
  private onAudioFrame(pcm: Buffer) {
    this.metrics.framesUp++;
    this.metrics.bytesUp += pcm.length;
    this.turns.count('up');
    if (this.connectedAt === null) return;
    if (this.muted) {
      this.metrics.dropped.muted++;
      relayFramesDropped.inc({ reason: 'muted' });
      return;
    }
    this.o.upstream.appendAudio(pcm);
    this.metrics.framesForwarded++;
  }

  // ───────────────────────────── upstream → server ─────────────────────────────

  /**
   * The browser had played the current answer out before the wall-clock estimate of its end: the
   * turn ended no later than now, so the rep's turn that follows does not overlap it.
   */
  private endedBeforeEstimate() {
    const id = this.prospectPlaying();
    const it = id ? this.turns.get(id) : undefined;
    if (!it || it.turn.endMs == null || it.turn.endMs <= this.now()) return;
    it.turn.endMs = this.now();
    if (it.persisted) this.record.turnEnded(it.turn.itemId, it.turn.endMs);
  }

  /**
   * The prospect item still playing, if any: the answer is still coming, or its audio has not
   * played out by the wall clock (PLAYBACK_GRACE_MS for the browser's buffer). `heard`: the browser
   * reported it was playing, which outlasts the estimate when its buffer started late.
   */
  private prospectPlaying(heard = false): string | null {
    const id = this.currentProspect;
    if (!id) return null;
    const it = this.turns.get(id);
    if (!it || it.interrupted || it.firstAudioAt === null) return null;
    return heard || this.responseActive || performance.now() < playbackEndsAt(it) ? id : null;
  }

  private onUpstream(e: UpstreamEvent) {
    if (this.ended) return;
    switch (e.type) {
      case 'ready':
      case 'response_started':
        if (e.type === 'response_started') this.responseActive = true;
        return;
      case 'speech_started': {
        if (e.itemId) this.turns.item(e.itemId, 'rep');
        const playing = this.prospectPlaying();
        if (playing) this.bargeIn.start(playing);
        this.setState('listening');
        return;
      }
      case 'speech_stopped': {
        this.lastRepStopAt = performance.now();
        this.repStopPending = true;
        if (e.itemId) this.turns.item(e.itemId, 'rep').turn.endMs = this.now();
        return;
      }
      case 'input_transcript': {
        const it = this.turns.item(e.itemId, 'rep');
        if (!e.final) return this.sendTranscript(it, { itemId: e.itemId, speaker: 'rep', delta: e.delta ?? '' });
        it.turn.text = normaliseLine(e.text ?? it.deltas);
        it.turn.endMs ??= this.now();
        if (this.o.upstream.hearsText) {
          // a typed/recognised turn: the prospect's answer latency counts from here
          this.lastRepStopAt = performance.now();
          this.repStopPending = true;
        }
        this.sendTranscript(it, { itemId: e.itemId, speaker: 'rep' });
        this.finalize(it);
        return;
      }
      case 'output_audio': {
        const it = this.turns.item(e.itemId, 'prospect');
        if (it.interrupted) {
          this.metrics.dropped.afterInterruption++;
          relayFramesDropped.inc({ reason: 'afterInterruption' });
          return;
        }
        this.prospectStarts(it, e.itemId);
        this.relayDown(it, e.pcm);
        return;
      }
      case 'output_transcript': {
        const it = this.turns.item(e.itemId, 'prospect');
        if (!it.interrupted || e.final) this.prospectStarts(it, e.itemId);
        if (!e.final) return this.sendTranscript(it, { itemId: e.itemId, speaker: 'prospect', delta: e.delta ?? '' });
        it.turn.text = normaliseLine(e.text ?? it.deltas);
        it.turn.endMs =
          it.firstAudioAt !== null ? it.turn.startMs + Math.round(it.sentMs) : (it.playbackEndMs ?? this.now());
        this.sendTranscript(it, { itemId: e.itemId, speaker: 'prospect' });
        // a line that could not be voiced: the browser shows it (and speaks it if it has a voice)
        if (e.voiced === false) this.send({ type: 'prospect_text', itemId: e.itemId, text: it.turn.text });
        this.finalize(it);
        return;
      }
      case 'remote_playback': {
        this.remotePlaying = e.playing;
        if (e.playing) return this.setState('speaking');
        // the answer's audio ended here (drained, or cut off by the rep): that is the turn's end,
        // which its text (final as the audio started) could not tell
        const it = this.currentProspect ? this.turns.get(this.currentProspect) : undefined;
        if (it && it.firstAudioAt === null) {
          it.playbackEndMs = this.now();
          if (it.persisted) {
            it.turn.endMs = it.playbackEndMs;
            this.record.turnEnded(it.turn.itemId, it.playbackEndMs);
          }
        }
        if (!this.responseActive) this.setState('listening');
        return;
      }
      case 'truncated':
        // WebRTC: the rep spoke over the answer; the model cut it where it had played (barge-in.ts)
        return this.bargeIn.cutByModel(e.itemId, e.audioEndMs);
      case 'response_done': {
        this.responseActive = false;
        if (e.usage) {
          this.usageSeen = true;
          this.usage = addUsage(this.usage, e.usage);
        }
        this.scheduleListening();
        return;
      }
      case 'error':
        if (this.metrics.upstreamErrors.length < 100)
          this.metrics.upstreamErrors.push({
            code: e.code,
            message: e.message.slice(0, 300),
            fatal: e.fatal,
            atMs: this.now(),
          });
        if (e.fatal) {
          this.send({ type: 'error', code: 'CALL_PROSPECT_FAILED', fatal: true });
          // a stalled model is a lost connection to the prospect (what was said is kept); the cap ends the time
          void this.end(
            e.code === 'session_cap' ? 'time_limit' : e.code === 'upstream_stalled' ? 'upstream_dropped' : 'error',
            `${e.code}: ${e.message}`.slice(0, 500),
          );
        } else {
          this.send({ type: 'error', code: 'CALL_PROSPECT_FAILED', fatal: false });
        }
        return;
      case 'hangup':
        // let the goodbye reach the browser first
        this.timer(50, () => void this.end('prospect_hangup', e.detail));
        return;
      case 'closed':
        void this.end('upstream_dropped', `upstream closed (${e.code ?? 'no code'}${e.reason ? `: ${e.reason}` : ''})`);
        return;
    }
  }

  /** The first sign of a prospect item: latency from the end of the rep's speech, state speaking. */
  private prospectStarts(it: ItemState, itemId: string) {
    if (this.currentProspect !== itemId) {
      this.currentProspect = itemId;
      if (this.repStopPending && this.lastRepStopAt !== null) {
        it.upstreamResponseMs = Math.round(performance.now() - this.lastRepStopAt);
        it.turn.responseLatencyMs = it.upstreamResponseMs;
        this.repStopPending = false;
      }
    }
    this.setState('speaking');
  }

  private relayDown(it: ItemState, pcm: Buffer) {
    if (it.firstAudioAt === null) {
      it.firstAudioAt = performance.now();
      // response latency: end of rep speech → first prospect audio sent to the browser
      if (it.upstreamResponseMs !== null && this.lastRepStopAt !== null)
        it.turn.responseLatencyMs = Math.round(it.firstAudioAt - this.lastRepStopAt);
    }
    if (this.ws.readyState !== 1) return;
    for (let off = 0; off < pcm.length; off += DOWN_FRAME_BYTES) {
      const len = Math.min(DOWN_FRAME_BYTES, pcm.length - off);
      this.ws.send(encodeFrame(this.downSeq++, pcm, off, len), { binary: true });
      this.metrics.framesDown++;
      this.turns.count('down');
    }
    this.metrics.bytesDown += pcm.length;
    it.sentMs += pcm.length / 48;
  }

  private scheduleListening() {
    if (this.listeningTimer) this.cancel(this.listeningTimer);
    const id = this.currentProspect;
    const it = id ? this.turns.get(id) : null;
    // "listening" (the rep's turn) no earlier than a typed turn stops counting as an interruption
    const remaining = it && it.firstAudioAt !== null && !it.interrupted ? playbackEndsAt(it) - performance.now() : 0;
    this.listeningTimer = this.timer(Math.max(0, remaining), () => {
      this.listeningTimer = null;
      if (!this.responseActive && !this.remotePlaying) this.setState('listening');
    });
  }

  private finalize(it: ItemState) {
    const turn = this.turns.finalize(it);
    if (turn) this.record.turn(turn);
  }

  // ───────────────────────────── the end ─────────────────────────────

  /** Ends the call once: tells the browser why, closes both sides, records the outcome. */
  end(reason: CallEndReason, detail: string | null): Promise<void> {
    if (this.endPromise) return this.endPromise;
    this.ended = true;
    this.span?.setAttribute('call.end_reason', reason);
    if (reason === 'error' || reason === 'upstream_dropped')
      this.span?.setStatus({ code: SpanStatusCode.ERROR, message: detail ?? reason });
    this.span?.end();
    this.endPromise = (async () => {
      for (const t of this.timers) clearTimeout(t);
      this.timers.clear();
      this.o.upstream.close();
      const durationMs = this.connectedAt === null ? 0 : Math.round(performance.now() - this.connectedAt);
      // finalize what was said but not yet final (e.g. the prospect cut off by the drop)
      for (const turn of this.turns.finalizeUnfinished()) this.record.turn(turn);
      this.state = 'ended';
      // the end is recorded before the browser hears of it: a crash in between must not leave a
      // call the rep saw end still "connected" until the sweep closes it as "server stopped"
      try {
        await this.record.finish(() => ({
          reason,
          detail: detail ?? END_DETAIL[reason] ?? null,
          durationMs,
          usage: this.usageSeen || this.o.upstream.provider === 'openai-realtime' ? this.usage : null,
          costEstimateUsd: this.usageSeen
            ? estimateCostUsd(this.usage)
            : this.o.upstream.provider === 'offline'
              ? 0
              : null,
          serverMetrics: storedMetrics(this.metrics),
          repTurns: this.turns.repTurns(),
        }));
      } finally {
        if (this.ws.readyState === 1) {
          this.send({ type: 'state', state: 'ended', at: Date.now() });
          this.send({
            type: 'end',
            reason,
            durationMs,
            callId: this.o.callId,
            ...(END_DETAIL[reason] && reason !== 'time_limit' ? { message: END_DETAIL[reason] } : {}),
          });
          this.ws.close(1000, reason);
        }
      }
      this.o.onEnded?.(reason);
    })();
    return this.endPromise;
  }
}
