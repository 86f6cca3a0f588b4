import type { ConnectionStats } from './metrics';

// A model call over WebRTC (server/realtime/realtime-session.ts): the server mints a short-lived
// client secret for the started call; the browser posts its SDP offer to the Realtime API's calls
// endpoint with it and talks to the model directly — microphone track up, the prospect's voice
// down. The server follows the call over its sideband connection and sends the call's state and
// transcript over the call's socket as for a relayed call.
//
// No data channel is opened: the model sends every session event to it, including the
// instructions the prospect is given, and the browser needs none of them (the server forwards
// what the screen shows).

/** How long the connection may take before the call goes through the relay instead. */
export const WEBRTC_CONNECT_TIMEOUT_MS = 6000;
/** How long ICE gathering may take before the offer is sent with the candidates found so far. */
const ICE_GATHER_TIMEOUT_MS = 1500;

type WebRtcStage = 'session' | 'offer' | 'connect';
class WebRtcError extends Error {
  constructor(
    readonly stage: WebRtcStage,
    message: string,
  ) {
    super(message);
  }
}

export function webRtcSupported(): boolean {
  return typeof RTCPeerConnection !== 'undefined' && typeof fetch !== 'undefined';
}

interface SessionAnswer {
  callId: string;
  clientSecret: string;
  expiresAt: string;
  callsUrl: string;
}

/** The peer connection of one call, and its call-quality figures from getStats(). */
export class WebRtcLink {
  private pc: RTCPeerConnection | null = null;
  rtcCallId: string | null = null;

  constructor(private readonly onRemoteStream: (stream: MediaStream) => void) {}

  get connectionState(): RTCPeerConnectionState | 'none' {
    return this.pc?.connectionState ?? 'none';
  }

  /**
   * Opens the call over WebRTC; resolves with the model's call id once media flows. Throws a
   * WebRtcError (and closes what it opened) when any step fails or it takes too long.
   */
  async open(call: { callId: string; ticket: string }, mic: MediaStreamTrack, signal?: AbortSignal): Promise<string> {
    const res = await fetch('/api/v1/openai/realtime-session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ callId: call.callId, ticket: call.ticket }),
      credentials: 'same-origin',
      signal,
    }).catch((e: Error) => {
      throw new WebRtcError('session', e.message);
    });
    if (!res.ok) throw new WebRtcError('session', `realtime-session answered ${res.status}`);
    const session = (await res.json()) as SessionAnswer;

    const pc = new RTCPeerConnection();
    this.pc = pc;
    try {
      pc.addTrack(mic, new MediaStream([mic]));
      pc.ontrack = (e) => this.onRemoteStream(e.streams[0] ?? new MediaStream([e.track]));
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      const answer = await fetch(session.callsUrl, {
        method: 'POST',
        body: pc.localDescription?.sdp ?? '',
        headers: { Authorization: `Bearer ${session.clientSecret}`, 'Content-Type': 'application/sdp' },
        signal,
      }).catch((e: Error) => {
        throw new WebRtcError('offer', e.message);
      });
      if (answer.status !== 201 && answer.status !== 200)
        throw new WebRtcError('offer', `the model answered ${answer.status}`);
      const rtcCallId = (answer.headers.get('Location') ?? '').split('/').pop() ?? '';
      if (!/^rtc_[A-Za-z0-9_-]+$/.test(rtcCallId)) throw new WebRtcError('offer', 'the answer named no call');
      await pc.setRemoteDescription({ type: 'answer', sdp: await answer.text() });
      if (signal?.aborted) throw new WebRtcError('connect', 'gave up');
      await connected(pc, WEBRTC_CONNECT_TIMEOUT_MS, signal);
      this.rtcCallId = rtcCallId;
      return rtcCallId;
    } catch (e) {
      this.close();
      throw e instanceof WebRtcError ? e : new WebRtcError('offer', (e as Error).message);
    }
  }

  /** The connection part of a metrics sample: round trip, loss, jitter, bytes, level, states. */
  async stats(micLevel: number): Promise<ConnectionStats> {
    const pc = this.pc;
    const out: ConnectionStats = {
      transport: 'webrtc',
      rttMs: null,
      framesLost: 0,
      framesLate: 0,
      jitterMs: 0,
      bytesSent: 0,
      bytesReceived: 0,
      framesSent: 0,
      framesReceived: 0,
      audioLevel: Math.round(micLevel * 1000) / 1000,
      socketState: 'none',
      rtc: {
        packetsLost: 0,
        packetsReceived: 0,
        packetsSent: 0,
        remoteAudioLevel: null,
        connectionState: pc?.connectionState ?? 'closed',
        iceConnectionState: pc?.iceConnectionState ?? 'closed',
        iceGatheringState: pc?.iceGatheringState ?? 'complete',
      },
    };
    if (!pc) return out;
    const report = await pc.getStats().catch(() => null);
    // the pair in use is the one the transport names (others may be nominated too, with no traffic)
    let selected: unknown = null;
    report?.forEach((s: RTCStats & Record<string, unknown>) => {
      if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') selected = s.selectedCandidatePairId;
    });
    report?.forEach((s: RTCStats & Record<string, unknown>) => {
      const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : 0);
      if (s.type === 'candidate-pair' && (selected ? s.id === selected : s.nominated && s.state === 'succeeded')) {
        if (typeof s.currentRoundTripTime === 'number') out.rttMs = Math.round(s.currentRoundTripTime * 1000 * 10) / 10;
        out.bytesSent = num('bytesSent');
        out.bytesReceived = num('bytesReceived');
      } else if (s.type === 'inbound-rtp' && s.kind === 'audio') {
        out.rtc!.packetsLost = num('packetsLost');
        out.rtc!.packetsReceived = num('packetsReceived');
        out.jitterMs = Math.round(num('jitter') * 1000 * 10) / 10;
        if (typeof s.audioLevel === 'number') out.rtc!.remoteAudioLevel = Math.round(s.audioLevel * 1000) / 1000;
      } else if (s.type === 'outbound-rtp' && s.kind === 'audio') {
        out.rtc!.packetsSent = num('packetsSent');
      }
    });
    return out;
  }

  close() {
    const pc = this.pc;
    this.pc = null;
    if (!pc) return;
    pc.ontrack = null;
    pc.getSenders().forEach(
      (s) => s.track && s.track.readyState === 'live' && s.replaceTrack(null).catch(() => undefined),
    );
    pc.close();
  }
}

/** Resolves when ICE gathering is complete, or after a short wait (the offer then carries what was found). */
function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      clearTimeout(t);
      resolve();
    };
    const t = setTimeout(() => {
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    }, ICE_GATHER_TIMEOUT_MS);
    pc.addEventListener('icegatheringstatechange', done);
  });
}

/** Resolves once the peer connection is connected; rejects when it fails or takes longer than `ms`. */
function connected(pc: RTCPeerConnection, ms: number, signal?: AbortSignal): Promise<void> {
  if (pc.connectionState === 'connected') return Promise.resolve();
  return new Promise((resolve, reject) => {
    signal?.addEventListener('abort', () => finish(new WebRtcError('connect', 'gave up')), { once: true });
    const t = setTimeout(
      () => finish(new WebRtcError('connect', `no connection within ${ms} ms (${pc.connectionState})`)),
      ms,
    );
    const check = () => {
      if (pc.connectionState === 'connected') finish(null);
      else if (pc.connectionState === 'failed' || pc.connectionState === 'closed')
        finish(new WebRtcError('connect', `the connection ${pc.connectionState}`));
    };
    const finish = (err: WebRtcError | null) => {
      clearTimeout(t);
      pc.removeEventListener('connectionstatechange', check);
      if (err) reject(err);
      else resolve();
    };
    pc.addEventListener('connectionstatechange', check);
  });
}
