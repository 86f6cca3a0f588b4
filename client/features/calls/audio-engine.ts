import { SAMPLE_RATE } from './protocol';
import { TurnLatency } from './turn-latency';

export type MicError = 'denied' | 'unavailable';

export interface AudioEngineEvents {
  /** A wire frame `[seq][PCM16]` from the mic (only while unmuted). */
  onFrame(frame: ArrayBuffer): void;
  onLevel(level: number): void;
  onPlaying(playing: boolean): void;
}

const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg'];

function recordingMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return RECORDING_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

function micErrorOf(error: unknown): MicError {
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}

/**
 * The call's audio graph at 24 kHz: mic → capture worklet (wire frames + level); prospect PCM →
 * playback worklet → speakers; mic + playback → MediaStreamAudioDestination → MediaRecorder
 * (the mixed recording uploaded after the call).
 */
export class AudioEngine {
  private ctx: AudioContext | null = null;
  private stream: MediaStream | null = null;
  private capture: AudioWorkletNode | null = null;
  private playback: AudioWorkletNode | null = null;
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  private flushRequests = new Map<number, (ms: number) => void>();
  private nextRequest = 1;
  private recordDest: MediaStreamAudioDestinationNode | null = null;
  /** Watches the prospect's audio as it is played (relay: the playback worklet; WebRTC: the remote track). */
  private onset: AudioWorkletNode | null = null;
  private remote: { element: HTMLAudioElement; source: MediaStreamAudioSourceNode } | null = null;
  /** The delay the rep hears after each turn (ms). */
  readonly latency = new TurnLatency();
  micError: MicError | null = null;

  constructor(private readonly events: AudioEngineEvents) {}

  /** Must run from a user gesture (Start) so the context may start. `withMic` false: playback only. */
  async open(withMic: boolean, withPlayback: boolean): Promise<void> {
    const ctx = new AudioContext({ sampleRate: SAMPLE_RATE, latencyHint: 'interactive' });
    this.ctx = ctx;
    await ctx.resume().catch(() => undefined);
    const recordDest = ctx.createMediaStreamDestination();
    this.recordDest = recordDest;
    try {
      await ctx.audioWorklet.addModule('/worklets/onset-processor.js');
      const onset = new AudioWorkletNode(ctx, 'spar-onset', {
        numberOfInputs: 1,
        numberOfOutputs: 0,
        channelCount: 1,
        channelCountMode: 'explicit',
      });
      onset.port.onmessage = (e: MessageEvent<{ type: string; t: number }>) => {
        if (e.data.type === 'onset') this.latency.onset(e.data.t);
        if (e.data.type === 'quiet') this.latency.quiet(e.data.t);
      };
      this.onset = onset;
    } catch {
      this.onset = null; // the delay is not measured; the call is not affected
    }

    if (withPlayback) {
      await ctx.audioWorklet.addModule('/worklets/playback-processor.js');
      const node = new AudioWorkletNode(ctx, 'spar-playback', {
        numberOfInputs: 0,
        numberOfOutputs: 1,
        outputChannelCount: [1],
      });
      node.port.onmessage = (
        e: MessageEvent<{ type: string; playing?: boolean; requestId?: number; playedMs?: number }>,
      ) => {
        const msg = e.data;
        if (msg.type === 'playing') this.events.onPlaying(!!msg.playing);
        if (msg.type === 'flushed' && msg.requestId !== undefined) {
          this.flushRequests.get(msg.requestId)?.(msg.playedMs ?? 0);
          this.flushRequests.delete(msg.requestId);
        }
      };
      node.connect(ctx.destination);
      node.connect(recordDest);
      if (this.onset) node.connect(this.onset);
      this.playback = node;
    }

    if (withMic) {
      try {
        this.stream = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
        });
      } catch (error) {
        this.micError = micErrorOf(error);
      }
      if (this.stream) {
        await ctx.audioWorklet.addModule('/worklets/capture-processor.js');
        const source = ctx.createMediaStreamSource(this.stream);
        const node = new AudioWorkletNode(ctx, 'spar-capture', {
          numberOfInputs: 1,
          numberOfOutputs: 0,
          channelCount: 1,
          channelCountMode: 'explicit',
        });
        node.port.onmessage = (
          e: MessageEvent<{ type: string; frame?: ArrayBuffer; level?: number; loudEndT?: number | null }>,
        ) => {
          const msg = e.data;
          if (msg.type === 'frame' && msg.frame) this.events.onFrame(msg.frame);
          if (msg.type === 'frame' && msg.loudEndT !== undefined) this.latency.mic(msg.loudEndT);
          if (typeof msg.level === 'number') this.events.onLevel(msg.level);
        };
        source.connect(node);
        source.connect(recordDest);
        this.capture = node;
      }
    }

    const mime = recordingMimeType();
    if (mime && this.stream) {
      try {
        this.recorder = new MediaRecorder(recordDest.stream, { mimeType: mime, audioBitsPerSecond: 32_000 });
        this.recorder.ondataavailable = (e) => {
          if (e.data.size > 0) this.chunks.push(e.data);
        };
        this.recorder.start(1000);
      } catch {
        this.recorder = null;
      }
    }
  }

  /** The microphone's track (a WebRTC call sends it to the model). */
  get micTrack(): MediaStreamTrack | null {
    return this.stream?.getAudioTracks()[0] ?? null;
  }

  /**
   * A WebRTC call's prospect: played by a media element (so the browser's echo cancellation knows
   * it, and Chrome feeds a remote track to Web Audio only while an element plays it), and mixed
   * into the recording and the onset watch through Web Audio.
   */
  attachRemote(stream: MediaStream) {
    const ctx = this.ctx;
    if (!ctx || this.remote) return;
    const element = new Audio();
    element.autoplay = true;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    const source = ctx.createMediaStreamSource(stream);
    if (this.recordDest) source.connect(this.recordDest);
    if (this.onset) source.connect(this.onset);
    this.remote = { element, source };
    element.onplaying = () => this.events.onPlaying(true);
  }

  get recording(): boolean {
    return !!this.recorder;
  }

  setMuted(muted: boolean) {
    this.capture?.port.postMessage({ type: 'mute', muted });
    if (muted) this.events.onLevel(0);
    this.stream?.getAudioTracks().forEach((t) => (t.enabled = !muted));
  }

  /** Queues prospect PCM16 LE samples (the frame without its header), tagged with its item. */
  enqueue(pcm: DataView, tag: string | null) {
    if (!this.playback) return;
    const n = pcm.byteLength >> 1;
    const samples = new Float32Array(n);
    for (let i = 0; i < n; i++) samples[i] = pcm.getInt16(i * 2, true) / 0x8000;
    this.playback.port.postMessage({ type: 'chunk', samples, tag }, [samples.buffer]);
  }

  /** Stops playback now; resolves with the ms of that item actually played. */
  flush(tag: string | null): Promise<number> {
    if (!this.playback) return Promise.resolve(0);
    const requestId = this.nextRequest++;
    return new Promise((resolve) => {
      this.flushRequests.set(requestId, resolve);
      this.playback!.port.postMessage({ type: 'flush', tag, requestId });
      setTimeout(() => {
        if (this.flushRequests.delete(requestId)) resolve(0);
      }, 500);
    });
  }

  /** Stops capture and recording; resolves with the recording (null when nothing was recorded). */
  async close(): Promise<Blob | null> {
    const recorder = this.recorder;
    let blob: Blob | null = null;
    if (recorder && recorder.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
        recorder.stop();
      });
    }
    if (recorder && this.chunks.length)
      blob = new Blob(this.chunks, {
        type: recorder.mimeType.split(';')[0] === 'audio/ogg' ? 'audio/ogg' : recorder.mimeType,
      });
    this.stream?.getTracks().forEach((t) => t.stop());
    this.capture?.disconnect();
    this.playback?.disconnect();
    this.onset?.disconnect();
    if (this.remote) {
      this.remote.source.disconnect();
      this.remote.element.pause();
      this.remote.element.srcObject = null;
      this.remote = null;
    }
    await this.ctx?.close().catch(() => undefined);
    this.ctx = null;
    this.recorder = null;
    this.chunks = [];
    return blob;
  }
}
