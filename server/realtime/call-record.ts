import type { TenantRunner } from '../../db/tenant';
import { logger } from '../logger';
import {
  finishCall,
  insertMetrics,
  insertTurn,
  markTurnInterrupted,
  setCallState,
  setTurnEnd,
  type CallOutcome,
  type TurnRecord,
} from '../services/calls/calls';
import { caught } from '../metrics/caught';

/**
 * What a live call stores, in the order it happens: each write a short tenant transaction queued
 * behind the previous one, so the call never waits on the database and a failed write is logged,
 * not fatal. The outcome is written last, after everything queued (`finish`).
 */
export class CallRecord {
  private writes: Promise<void> = Promise.resolve();

  constructor(
    /** The call's tenant transactions, opened by the call's start (server/http/ws.ts). */
    private readonly tenant: TenantRunner,
    private readonly tenantId: string,
    private readonly callId: string,
  ) {}

  private queue(what: string, fn: () => Promise<unknown>) {
    this.writes = this.writes.then(fn).then(
      () => undefined,
      (err) => logger.error({ err, callId: this.callId, what }, 'call write failed'),
    );
  }

  state(state: 'dialing' | 'ringing' | 'connected', connectedAt?: Date) {
    this.queue(`state ${state}`, () => setCallState({ tenant: this.tenant, callId: this.callId, state, connectedAt }));
  }

  turn(turn: TurnRecord) {
    this.queue('turn', () => insertTurn({ tenant: this.tenant, tenantId: this.tenantId, callId: this.callId, turn }));
  }

  turnInterrupted(itemId: string, playedMs: number) {
    this.queue('turn interrupted', () =>
      markTurnInterrupted({ tenant: this.tenant, callId: this.callId, itemId, playedMs }),
    );
  }

  turnEnded(itemId: string, endMs: number) {
    this.queue('turn ended', () => setTurnEnd({ tenant: this.tenant, callId: this.callId, itemId, endMs }));
  }

  browserMetrics(samples: Record<string, unknown>[]) {
    this.queue('browser metrics', () =>
      insertMetrics(this.tenant, { tenantId: this.tenantId, callId: this.callId, source: 'browser', samples }),
    );
  }

  /** Waits for the queued writes, then records how the call ended (`outcome` is read after them). */
  async finish(outcome: () => CallOutcome) {
    await this.writes;
    try {
      await finishCall({ tenant: this.tenant, tenantId: this.tenantId, callId: this.callId, outcome: outcome() });
    } catch (err) {
      caught('call_end_record', 'failed to record the end of a call', { err, callId: this.callId });
    }
  }
}
