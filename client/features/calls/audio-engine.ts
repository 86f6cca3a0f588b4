import { SAMPLE_RATE } from './protocol';

export type MicError = 'denied' | 'unavailable';

export interface AudioEngineEvents {
  /** A wire frame `[seq][PCM16]` from the mic (only while unmuted). */
  onFrame(frame: ArrayBuffer): void;
  onLevel(level: number): void;
  onPlaying(playing: boolean): void;
}

const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg'];

export function recordingMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return RECORDING_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

export function micErrorOf(error: unknown): MicError {
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
  micError: MicError | null = null;

  constructor(private readonly events: AudioEngineEvents) {}

  /** Must run from a user gesture (Start) so the context may start. `withMic` false: playback only. */
  async open(withMic: boolean, withPlayback: boolean): Promise<void> {
    const ctx = new AudioContext({ sampleRate: SAMPLE_RATE, latencyHint: 'interactive' });
    this.ctx = ctx;
    await ctx.resume().catch(() => undefined);
    const recordDest = ctx.createMediaStreamDestination();

    if (withPlayback) {
      await ctx.audioWorklet.addModule('/worklets/playback-processor.js');
      const node = new AudioWorkletNode(ctx, 'spar-playback', { numberOfInputs: 0, numberOfOutputs: 1, outputChannelCount: [1] });
      node.port.onmessage = (e: MessageEvent<{ type: string; playing?: boolean; requestId?: number; playedMs?: number }>) => {
        const msg = e.data;
        if (msg.type === 'playing') this.events.onPlaying(!!msg.playing);
        if (msg.type === 'flushed' && msg.requestId !== undefined) {
          this.flushRequests.get(msg.requestId)?.(msg.playedMs ?? 0);
          this.flushRequests.delete(msg.requestId);
        }
      };
      node.connect(ctx.destination);
      node.connect(recordDest);
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
        const node = new AudioWorkletNode(ctx, 'spar-capture', { numberOfInputs: 1, numberOfOutputs: 0, channelCount: 1, channelCountMode: 'explicit' });
        node.port.onmessage = (e: MessageEvent<{ type: string; frame?: ArrayBuffer; level?: number }>) => {
          const msg = e.data;
          if (msg.type === 'frame' && msg.frame) this.events.onFrame(msg.frame);
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
    if (recorder && this.chunks.length) blob = new Blob(this.chunks, { type: recorder.mimeType.split(';')[0] === 'audio/ogg' ? 'audio/ogg' : recorder.mimeType });
    this.stream?.getTracks().forEach((t) => t.stop());
    this.capture?.disconnect();
    this.playback?.disconnect();
    await this.ctx?.close().catch(() => undefined);
    this.ctx = null;
    this.recorder = null;
    this.chunks = [];
    return blob;
  }
}
