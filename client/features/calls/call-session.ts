import { callsApi, uploadRecording } from './api';
import { AudioEngine } from './audio-engine';
import { LinkCounters, MetricsBuffer, METRICS_INTERVAL_MS, takeSample } from './metrics';
import { OfflineSpeech, speakWithBrowserVoice } from './offline-speech';
import {
  FRAME_HEADER_BYTES,
  parseServerEvent,
  SAMPLE_RATE,
  speechLang,
  type CallProvider,
  type ClientEvent,
  type EndReason,
  type ServerEvent,
  type StartCallInput,
  type StartCallOutput,
} from './protocol';
import { WEBRTC_CONNECT_TIMEOUT_MS, webRtcSupported, WebRtcLink } from './webrtc';
import { errorInfo } from '../../lib/errors';
import type { ConnectionStats } from './metrics';
import {
  INITIAL_SNAPSHOT,
  mergeTranscript,
  type CallErrorKey,
  type CallSnapshot,
  type TranscriptLine,
} from './call-snapshot';

/** The longest a WebRTC attempt may take (client secret, offer, connection) before the relay takes over. */
const WEBRTC_ATTEMPT_MS = WEBRTC_CONNECT_TIMEOUT_MS + 4000;

export type { CallErrorKey, CallSnapshot, TranscriptLine } from './call-snapshot';

/**
 * Where a call is started, ended over HTTP and its recording uploaded: the signed-in user's calls
 * API by default; a candidate's assessment link (no account) brings its own.
 */
export interface CallBackend {
  start(input: StartCallInput): Promise<StartCallOutput>;
  end(callId: string): Promise<unknown>;
  uploadRecording(call: StartCallOutput, blob: Blob): Promise<void>;
}

const SESSION_BACKEND: CallBackend = {
  start: (input) => callsApi.start(input),
  end: (callId) => callsApi.end(callId),
  uploadRecording: (call, blob) => uploadRecording(call.callId, blob),
};

export interface CallSessionOptions {
  input: StartCallInput;
  backend?: CallBackend;
}

const PING_EVERY_MS = 2000;
const METRICS_SEND_EVERY_MS = 10_000;
const END_WAIT_MS = 5000;

/**
 * One call from the browser's side: starts it (calls.start), opens /ws/call, streams mic frames up
 * and plays prospect frames, keeps the transcript and call state the server announces, samples
 * metrics, and after the end uploads the mixed recording. React reads it via useSyncExternalStore.
 */
export class CallSession {
  private snapshot: CallSnapshot = INITIAL_SNAPSHOT;
  private listeners = new Set<() => void>();
  private levelListeners = new Set<() => void>();
  private level = 0;
  private ws: WebSocket | null = null;
  private engine: AudioEngine | null = null;
  /** A model call over WebRTC (its audio browser ⇄ model; the socket carries the control events). */
  private rtc: WebRtcLink | null = null;
  private rtcStats: ConnectionStats | null = null;
  private speech: OfflineSpeech | null = null;
  private timers: ReturnType<typeof setInterval>[] = [];
  private metrics = new MetricsBuffer();
  private link = new LinkCounters();
  private pingId = 0;
  private prospectItem: string | null = null;
  private localSeq = 0;
  private endWaiter: (() => void) | null = null;
  private finalized = false;
  /** The prospect's audio is playing in this browser (the playback worklet says so). */
  private playing = false;
  private disposed = false;

  private input: StartCallInput;
  private readonly backend: CallBackend;

  constructor(options: CallSessionOptions) {
    this.input = options.input;
    this.backend = options.backend ?? SESSION_BACKEND;
  }

  /** Changes what the next start() asks for (e.g. the prompt chosen in the test dialog). */
  setInput(input: StartCallInput) {
    this.input = input;
  }

  // --- store -------------------------------------------------------------------------------
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  getSnapshot = () => this.snapshot;
  subscribeLevel = (fn: () => void) => {
    this.levelListeners.add(fn);
    return () => this.levelListeners.delete(fn);
  };
  getLevel = () => this.level;

  private set(patch: Partial<CallSnapshot>) {
    if (this.disposed) return;
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((l) => l());
  }

  private setLevel(level: number) {
    this.level = this.snapshot.muted ? 0 : level;
    this.levelListeners.forEach((l) => l());
  }

  get isDryRun() {
    return this.input.mode === 'dry_run';
  }

  // --- lifecycle ---------------------------------------------------------------------------
  /**
   * Call from the Start button's click (the audio context needs the user gesture). `expected`: the
   * provider calls.preview announced, so a voice call fails on a denied mic before it is created.
   */
  async start(expected: CallProvider | null = null): Promise<void> {
    if (this.snapshot.phase !== 'idle' && this.snapshot.phase !== 'failed') return;
    this.finalized = false;
    this.set({ ...INITIAL_SNAPSHOT, phase: 'starting' });

    if (!this.isDryRun) {
      this.engine = new AudioEngine({
        onFrame: (frame) => this.sendFrame(frame),
        onLevel: (level) => this.setLevel(level),
        onPlaying: (playing) => {
          this.playing = playing;
          this.speech?.setProspectSpeaking(playing);
          // "your turn" only once the audio has played out here too, not when the server stopped sending it
          if (playing) this.set({ speaking: 'prospect' });
          else if (this.snapshot.callState === 'listening') this.set({ speaking: 'rep' });
        },
      });
      try {
        await this.engine.open(true, true);
      } catch {
        // no audio at all (e.g. worklets unsupported): voice calls cannot run, offline typing can
        await this.engine.close().catch(() => null);
        this.engine = null;
      }
      if (this.disposed) return void this.engine?.close().catch(() => null);
      const micError = this.engine ? this.engine.micError : 'unavailable';
      this.set({ micError, recording: this.engine?.recording ? 'recording' : 'none' });
      if (micError && expected === 'openai-realtime')
        return this.fail(micError === 'denied' ? 'micDenied' : 'micUnavailable');
    }

    let call: StartCallOutput;
    try {
      call = await this.backend.start(this.input);
    } catch (e) {
      const messageKey = errorInfo(e).details?.messageKey;
      return this.fail('startFailed', typeof messageKey === 'string' ? messageKey : null);
    }
    if (this.disposed) {
      void this.backend.end(call.callId).catch(() => undefined); // left the page while starting
      return;
    }
    this.set({ call, provider: call.provider });
    if (call.provider === 'openai-realtime' && this.snapshot.micError) {
      void this.backend.end(call.callId).catch(() => undefined);
      return this.fail(this.snapshot.micError === 'denied' ? 'micDenied' : 'micUnavailable');
    }
    if (call.provider === 'offline' && !this.isDryRun) this.startOfflineSpeech(call);
    let rtcCallId: string | null = null;
    if (call.provider === 'openai-realtime' && call.transport !== 'relay') {
      rtcCallId = await this.openWebRtc(call);
      if (this.disposed) return;
      if (!rtcCallId && call.transport === 'webrtc') {
        // the workspace allows only WebRTC: no fallback through the server
        void this.backend.end(call.callId).catch(() => undefined);
        return this.fail('webrtcFailed');
      }
    }
    this.set({ transport: rtcCallId ? 'webrtc' : 'relay' });
    this.connect(call, rtcCallId);
  }

  /** Opens the call over WebRTC; null when the browser cannot or the connection fails (the relay takes over). */
  private async openWebRtc(call: StartCallOutput): Promise<string | null> {
    const mic = this.engine?.micTrack;
    if (!webRtcSupported() || !mic) return null;
    const link = new WebRtcLink((stream) => this.engine?.attachRemote(stream));
    // the whole attempt is bounded: a request that hangs must not keep the rep waiting for the relay
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), WEBRTC_ATTEMPT_MS);
    try {
      const id = await link.open(call, mic, abort.signal);
      if (this.disposed) {
        link.close();
        return null;
      }
      this.rtc = link;
      return id;
    } catch {
      link.close();
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private fail(error: CallErrorKey, startRefusal: string | null = null) {
    this.cleanup();
    void this.engine?.close().catch(() => null);
    this.engine = null;
    this.set({ phase: 'failed', error, startRefusal, recording: 'none' });
  }

  private startOfflineSpeech(call: StartCallOutput) {
    this.speech = new OfflineSpeech(
      speechLang(call.language),
      (text) => this.sendText(text, 'speech'),
      (recognition) => this.set({ recognition }),
      () => !this.snapshot.micError,
    );
    // no microphone: nothing can be heard, so say why at once instead of trying
    if (this.snapshot.micError)
      this.set({
        recognition: { kind: 'failed', reason: this.snapshot.micError === 'denied' ? 'not-allowed' : 'audio-capture' },
      });
  }

  private connect(call: StartCallOutput, rtcCallId: string | null = null) {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const rtc = rtcCallId ? `&rtcCallId=${encodeURIComponent(rtcCallId)}` : '';
    const url = `${scheme}://${location.host}${call.wsPath}?callId=${encodeURIComponent(call.callId)}&ticket=${encodeURIComponent(call.ticket)}${rtc}`;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      return this.fail('startFailed');
    }
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    this.set({ phase: 'live', callState: 'connecting' });
    let opened = false;
    ws.onopen = () => {
      opened = true;
      if (this.snapshot.callState === 'connecting') this.set({ callState: 'connected' });
      if (this.snapshot.provider === 'offline' && this.snapshot.recognition.kind === 'off') {
        this.speech?.setMuted(this.snapshot.muted);
        this.speech?.start();
      }
      this.startTimers();
    };
    ws.onmessage = (e: MessageEvent<ArrayBuffer | string>) => {
      if (typeof e.data === 'string') {
        this.link.bytesReceived += e.data.length;
        const event = parseServerEvent(e.data);
        if (event) this.handle(event);
      } else {
        this.onAudio(e.data);
      }
    };
    ws.onclose = () => {
      this.ws = null;
      if (this.snapshot.phase === 'ended') return;
      if (!opened) return this.fail('startFailed');
      if (this.snapshot.phase === 'ending') {
        this.endWaiter?.(); // hangup() decides (calls.end over HTTP)
        return;
      }
      // dropped without an `end`: what was said is kept by the server
      void this.finish({ reason: 'client_dropped', durationMs: this.elapsedMs() }, 'connectionLost');
    };
  }

  private elapsedMs() {
    return this.snapshot.connectedAt ? Date.now() - this.snapshot.connectedAt : 0;
  }

  private send(event: ClientEvent): boolean {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    const data = JSON.stringify(event);
    ws.send(data);
    this.link.bytesSent += data.length;
    return true;
  }

  private sendFrame(frame: ArrayBuffer) {
    const ws = this.ws;
    // over WebRTC the microphone goes to the model itself
    if (this.rtc) return;
    // offline calls send the microphone too: the server hears when the rep talks over the prospect (barge-in)
    if (!ws || ws.readyState !== WebSocket.OPEN || !this.snapshot.provider || this.snapshot.muted) return;
    ws.send(frame);
    this.link.bytesSent += frame.byteLength;
    this.link.framesSent++;
  }

  private onAudio(buf: ArrayBuffer) {
    this.link.bytesReceived += buf.byteLength;
    if (buf.byteLength < FRAME_HEADER_BYTES + 2) return;
    const view = new DataView(buf);
    const seq = view.getUint32(0, true);
    const pcmBytes = (buf.byteLength - FRAME_HEADER_BYTES) & ~1;
    this.link.framesReceived++;
    this.link.arrivals.onFrame(seq, (pcmBytes / 2 / SAMPLE_RATE) * 1000);
    this.engine?.enqueue(new DataView(buf, FRAME_HEADER_BYTES, pcmBytes), this.prospectItem);
  }

  private handle(event: ServerEvent) {
    switch (event.type) {
      case 'state': {
        const patch: Partial<CallSnapshot> = { callState: event.state };
        if (event.state === 'call_connected' && !this.snapshot.connectedAt) patch.connectedAt = Date.now();
        if (event.state === 'speaking') patch.speaking = 'prospect';
        if (event.state === 'listening') patch.speaking = this.playing ? 'prospect' : 'rep';
        if (event.state === 'ended') patch.speaking = null;
        this.set(patch);
        return;
      }
      case 'transcript':
        return this.onTranscript(event);
      case 'prospect_text':
        // a line the server could not voice: the browser's voice reads it, or the transcript alone shows it
        if (!speakWithBrowserVoice(event.text, speechLang(this.snapshot.call?.language ?? 'en')) && !this.isDryRun)
          this.set({ voiceUnavailable: true });
        return;
      case 'interruption':
        return void this.onInterruption(event.itemId);
      case 'warning':
        if (event.code === 'time_warning') this.set({ timeWarning: true });
        return;
      case 'end':
        return void this.finish({ reason: event.reason, durationMs: event.durationMs });
      case 'error':
        this.set({
          serverError: { code: event.code, params: event.params },
          error: event.fatal ? 'server' : this.snapshot.error,
        });
        return;
      case 'pong':
        this.link.rttMs = Math.max(0, performance.now() - event.t);
        return;
    }
  }

  private onTranscript(event: Extract<ServerEvent, { type: 'transcript' }>) {
    if (event.speaker === 'prospect') this.prospectItem = event.itemId;
    if (event.speaker === 'rep' && event.final && event.text && !this.snapshot.repSpoke) this.set({ repSpoke: true });
    this.set({ transcript: mergeTranscript(this.snapshot.transcript, event) });
  }

  private async onInterruption(itemId: string) {
    if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.cancel();
    const playedMs = this.engine ? await this.engine.flush(itemId) : 0;
    this.send({ type: 'playback', itemId, playedMs });
    this.set({ speaking: 'rep' });
  }

  // --- actions -----------------------------------------------------------------------------
  setMuted(muted: boolean) {
    this.set({ muted });
    this.engine?.setMuted(muted);
    this.speech?.setMuted(muted);
    if (muted) this.setLevel(0);
    this.send({ type: 'mute', muted });
  }

  /** A typed (or, in offline mode, recognised) rep turn. */
  sendText(text: string, source?: 'speech'): boolean {
    const clean = text.trim();
    if (!clean || this.snapshot.phase !== 'live') return false;
    // the server counts an interruption only over audio this browser was playing
    const heard = this.engine ? { heard: this.playing } : {};
    const ok = this.send({ type: 'text', text: clean, ...(source ? { source } : {}), ...heard });
    if (ok) {
      const line: TranscriptLine = { itemId: `local-${++this.localSeq}`, speaker: 'rep', text: clean, final: true };
      this.set({ transcript: [...this.snapshot.transcript, line] });
    }
    return ok;
  }

  /** The rep ends the call: `hangup` over the socket, else calls.end over HTTP. */
  async hangup(): Promise<void> {
    if (this.snapshot.phase !== 'live') return;
    const call = this.snapshot.call;
    this.set({ phase: 'ending' });
    this.flushMetrics();
    const delivered = this.send({ type: 'hangup' });
    if (delivered) {
      await new Promise<void>((resolve) => {
        this.endWaiter = resolve;
        setTimeout(resolve, END_WAIT_MS);
      });
      this.endWaiter = null;
      if (this.finalized) return; // the server's `end` arrived
    }
    let endError: CallErrorKey | undefined;
    try {
      if (call) await this.backend.end(call.callId);
    } catch {
      endError = 'endFailed';
    }
    await this.finish({ reason: 'user_hangup', durationMs: this.elapsedMs() }, endError);
  }

  private async finish(end: { reason: EndReason; durationMs: number }, error?: CallErrorKey) {
    if (this.finalized) return;
    this.finalized = true;
    this.flushMetrics();
    this.cleanup();
    this.set({ phase: 'ended', callState: 'ended', speaking: null, end, ...(error ? { error } : {}) });
    this.endWaiter?.();
    const engine = this.engine;
    this.engine = null;
    const blob = engine ? await engine.close().catch(() => null) : null;
    const call = this.snapshot.call;
    // nothing was said: nothing to score, and no recording worth keeping
    if (!blob || !call || blob.size === 0 || !this.snapshot.repSpoke) return this.set({ recording: 'none' });
    this.set({ recording: 'uploading' });
    try {
      await this.backend.uploadRecording(call, blob);
      this.set({ recording: 'uploaded' });
    } catch {
      this.set({ recording: 'failed' });
    }
  }

  // --- metrics -----------------------------------------------------------------------------
  private connectionStats(): ConnectionStats {
    if (this.rtc)
      return {
        ...(this.rtcStats ?? this.link.stats(this.level, this.ws?.readyState)),
        transport: 'webrtc',
        socketState: this.link.stats(0, this.ws?.readyState).socketState,
      };
    return this.link.stats(this.level, this.ws?.readyState);
  }

  /** One metrics sample: the browser, the connection, and the delays the rep heard since the last one. */
  private sampleMetrics() {
    const turnLatencyMs = this.engine?.latency.take() ?? [];
    this.metrics.push({ ...takeSample(this.connectionStats()), ...(turnLatencyMs.length ? { turnLatencyMs } : {}) });
  }

  private startTimers() {
    this.timers.push(
      setInterval(() => {
        // WebRTC figures come from getStats() (asynchronous): each sample carries the latest
        if (this.rtc) void this.rtc.stats(this.level).then((s) => (this.rtcStats = s));
        this.sampleMetrics();
      }, METRICS_INTERVAL_MS),
    );
    this.timers.push(
      setInterval(() => this.send({ type: 'ping', id: ++this.pingId, t: performance.now() }), PING_EVERY_MS),
    );
    this.timers.push(setInterval(() => this.flushMetrics(), METRICS_SEND_EVERY_MS));
    this.send({ type: 'ping', id: ++this.pingId, t: performance.now() });
  }

  private flushMetrics() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.sampleMetrics();
    for (const samples of this.metrics.takeBatches()) this.send({ type: 'metrics', samples });
  }

  private cleanup() {
    this.timers.forEach(clearInterval);
    this.timers = [];
    this.speech?.dispose();
    this.speech = null;
    this.rtc?.close();
    this.rtc = null;
    this.rtcStats = null;
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000);
  }

  /** After a call in which nothing was said: back to the start, for a new call. */
  reset() {
    if (this.snapshot.phase !== 'ended') return;
    this.prospectItem = null;
    this.set({ ...INITIAL_SNAPSHOT });
  }

  /** Leaving the page: close everything (the server ends a dropped call). */
  dispose() {
    // closing the dialog or leaving the page mid-call hangs up rather than dropping the line
    if (this.snapshot.phase === 'live') {
      this.flushMetrics();
      this.send({ type: 'hangup' });
    }
    this.cleanup();
    void this.engine?.close().catch(() => null);
    this.engine = null;
    this.disposed = true;
    this.listeners.clear();
    this.levelListeners.clear();
  }
}
