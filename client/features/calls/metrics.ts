// Browser and call-quality metrics: one sample a second, the last 120 kept, sent to the
// server in batches of at most 30.

export const METRICS_INTERVAL_MS = 1000;
const METRICS_BUFFER = 120;
const METRICS_BATCH_MAX = 30;

export interface ConnectionStats {
  /** How the call's audio travels: through the server's socket, or browser ⇄ model over WebRTC. */
  transport: 'relay' | 'webrtc';
  rttMs: number | null;
  framesLost: number;
  framesLate: number;
  jitterMs: number;
  bytesSent: number;
  bytesReceived: number;
  framesSent: number;
  framesReceived: number;
  audioLevel: number;
  socketState: 'connecting' | 'open' | 'closing' | 'closed' | 'none';
  /** WebRTC calls (RTCPeerConnection.getStats()): packets and the connection's states. */
  rtc?: {
    packetsLost: number;
    packetsReceived: number;
    packetsSent: number;
    remoteAudioLevel: number | null;
    connectionState: string;
    iceConnectionState: string;
    iceGatheringState: string;
  } | null;
}

/** A type (not an interface) so it is a JSON record for the protocol's `metrics` message. */
export type MetricsSample = {
  timestamp: number;
  userAgent: string;
  platform: string;
  language: string;
  cookiesEnabled: boolean;
  online: boolean;
  hardwareConcurrency: number | null;
  deviceMemory: number | null;
  maxTouchPoints: number;
  screenResolution: string;
  colorDepth: number;
  timezone: string;
  network: { effectiveType?: string; downlink?: number; uplink?: number; rtt?: number; saveData?: boolean } | null;
  memory: { usedJSHeapSize: number; totalJSHeapSize: number; jsHeapSizeLimit: number } | null;
  connection: ConnectionStats;
  /** The delays the rep heard after speaking since the last sample (ms; client/features/calls/turn-latency.ts). */
  turnLatencyMs?: number[];
};

interface NavigatorExtras {
  deviceMemory?: number;
  connection?: { effectiveType?: string; downlink?: number; uplink?: number; rtt?: number; saveData?: boolean };
  userAgentData?: { platform?: string };
}

export function takeSample(connection: ConnectionStats, now = Date.now()): MetricsSample {
  const nav = navigator as Navigator & NavigatorExtras;
  const perf = performance as Performance & {
    memory?: { usedJSHeapSize: number; totalJSHeapSize: number; jsHeapSizeLimit: number };
  };
  const net = nav.connection;
  return {
    timestamp: now,
    userAgent: nav.userAgent,
    platform: nav.userAgentData?.platform || nav.platform || '',
    language: nav.language,
    cookiesEnabled: nav.cookieEnabled,
    online: nav.onLine,
    hardwareConcurrency: nav.hardwareConcurrency ?? null,
    deviceMemory: nav.deviceMemory ?? null,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    screenResolution: `${screen.width}x${screen.height}`,
    colorDepth: screen.colorDepth,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    network: net
      ? {
          effectiveType: net.effectiveType,
          downlink: net.downlink,
          uplink: net.uplink,
          rtt: net.rtt,
          saveData: net.saveData,
        }
      : null,
    memory: perf.memory
      ? {
          usedJSHeapSize: perf.memory.usedJSHeapSize,
          totalJSHeapSize: perf.memory.totalJSHeapSize,
          jsHeapSizeLimit: perf.memory.jsHeapSizeLimit,
        }
      : null,
    connection: { ...connection },
  };
}

/** Fixed-size ring of samples; remembers which ones have not been sent yet. */
export class MetricsBuffer {
  private samples: MetricsSample[] = [];
  private unsent = 0;

  push(sample: MetricsSample) {
    this.samples.push(sample);
    if (this.samples.length > METRICS_BUFFER) this.samples.shift();
    this.unsent = Math.min(this.unsent + 1, this.samples.length);
  }

  /** The unsent samples in batches of at most 30, oldest first; marks them sent. */
  takeBatches(): MetricsSample[][] {
    const pending = this.samples.slice(this.samples.length - this.unsent);
    this.unsent = 0;
    const batches: MetricsSample[][] = [];
    for (let i = 0; i < pending.length; i += METRICS_BATCH_MAX) batches.push(pending.slice(i, i + METRICS_BATCH_MAX));
    return batches;
  }

  get size() {
    return this.samples.length;
  }

  latest(): MetricsSample | null {
    return this.samples[this.samples.length - 1] ?? null;
  }
}

/**
 * Downstream frame accounting: sequence gaps are lost frames, frames older than the newest seen are
 * late, and jitter is RFC 3550's smoothed deviation of arrival spacing from the audio duration.
 */
class ArrivalStats {
  lost = 0;
  late = 0;
  jitterMs = 0;
  private lastSeq: number | null = null;
  private lastArrival = 0;
  private lastDurationMs = 0;

  onFrame(seq: number, durationMs: number, arrival = performance.now()) {
    if (this.lastSeq !== null) {
      const expected = (this.lastSeq + 1) >>> 0;
      if (seq === expected) {
        /* in order */
      } else if ((seq - expected) >>> 0 < 0x8000_0000) {
        this.lost += (seq - expected) >>> 0;
      } else {
        this.late += 1;
        return;
      }
      // a pause between prospect turns is silence, not jitter
      if (arrival - this.lastArrival < 1000) {
        const d = arrival - this.lastArrival - this.lastDurationMs;
        this.jitterMs += (Math.abs(d) - this.jitterMs) / 16;
      }
    }
    this.lastSeq = seq;
    this.lastArrival = arrival;
    this.lastDurationMs = durationMs;
  }
}

/** What went over the call's socket: bytes and frames each way, the arrivals of the prospect's frames, the round trip. */
export class LinkCounters {
  readonly arrivals = new ArrivalStats();
  rttMs: number | null = null;
  bytesSent = 0;
  bytesReceived = 0;
  framesSent = 0;
  framesReceived = 0;

  /** The connection part of a sample, with the microphone's level and the socket's state. */
  stats(audioLevel: number, readyState: number | undefined): ConnectionStats {
    return {
      transport: 'relay',
      rttMs: this.rttMs,
      framesLost: this.arrivals.lost,
      framesLate: this.arrivals.late,
      jitterMs: Math.round(this.arrivals.jitterMs * 10) / 10,
      bytesSent: this.bytesSent,
      bytesReceived: this.bytesReceived,
      framesSent: this.framesSent,
      framesReceived: this.framesReceived,
      audioLevel: Math.round(audioLevel * 1000) / 1000,
      socketState:
        readyState === undefined ? 'none' : (['connecting', 'open', 'closing', 'closed'] as const)[readyState],
    };
  }
}
