import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { reports, simulations, type assessments, type magicLinks } from '../../../db/schema';
import { asSystem, type TenantRunner } from '../../../db/tenant';
import { tenantRunnerFor } from '../../access/tenant-runner';
import type { AssessmentStatus, MagicLinkStatus } from '../../contracts/enums';
import type { Env } from '../../env';
import type { AppError } from '../../errors';
import { failUnconnectedCall, issueTicket, startCall, type StartCallResult } from '../calls/calls';
import { tokenMatches } from './tokens';

/*
 * A link without an account (an assessment candidate's, a campaign guest's): the link's id and a
 * token stored only as SHA-256 are its only credential. The link is found on the system path (the
 * token tells the tenant) and everything after runs in that tenant's transactions. Its one call is
 * claimed by a conditional UPDATE and started with a candidate actor; a start whose call never
 * connected does not use the link up. What differs between the two kinds of link is data: a
 * `GuestLinkKind`.
 */

type LinkTable = typeof assessments | typeof magicLinks;
type LinkStatus = AssessmentStatus | MagicLinkStatus;

/** The columns every guest link has. */
export interface GuestLinkRow {
  id: string;
  tenantId: string;
  tokenHash: string;
  status: LinkStatus;
  callId: string | null;
  expiresAt: Date;
}

export interface GuestLinkKind<Row extends GuestLinkRow> {
  table: LinkTable;
  /** The audit action of the lookup on the system path. */
  action: string;
  /** The call's mode, by which the call's state moves the link's status. */
  mode: 'assessment' | 'magic_link';
  /**
   * The statuses a call may be claimed from (not started, not expired), in order: a start whose
   * call never connected goes back to the last.
   */
  openStatuses: readonly Row['status'][];
  /** An unknown link or a wrong token (one answer: the link tells nothing more). */
  invalid: () => AppError;
  /** The link's call was claimed meanwhile (another tab). */
  alreadyStarted: () => AppError;
  /** The simulation the link's call runs; refuses when it is gone. */
  simulationOf: (tx: Executor, row: Row) => Promise<string>;
  /** Told in the claim's transaction, once the call is the link's. */
  onStarted?: (tx: Executor, linked: Row, callId: string, now: Date) => Promise<void>;
}

/** What a guest's request carries: the link's id and token (and the time, for tests). */
export interface GuestLinkRequest {
  db: Db;
  id: string;
  token: string;
  now?: Date;
}

/** A resolved link: its row and its tenant's transactions. */
export interface GuestLink<Row extends GuestLinkRow> {
  row: Row;
  tenant: TenantRunner;
}

/** The time before which an unconnected start's ticket has expired unused. */
export const ticketExpiredBefore = (env: Pick<Env, 'CALL_TICKET_TTL_SECONDS'>, now: Date) =>
  new Date(now.getTime() - env.CALL_TICKET_TTL_SECONDS * 1000);

/** The guest-link steps of one kind of link. */
export function guestLinks<Row extends GuestLinkRow>(kind: GuestLinkKind<Row>) {
  // one table shape for the query builder: both link tables have these columns
  const t = kind.table as typeof magicLinks;
  const statuses = kind.openStatuses as MagicLinkStatus[];

  /** The link of `id` when `token` is its own, in constant time; else the kind's INVALID error. */
  async function resolve({ db, id, token }: GuestLinkRequest): Promise<GuestLink<Row>> {
    const [row] = (await asSystem(db, { action: kind.action }, (tx) =>
      tx.select().from(t).where(eq(t.id, id)),
    )) as unknown as Row[];
    if (!row || !tokenMatches(token, row.tokenHash)) throw kind.invalid();
    // the token named the tenant on the system path: this link acts for it, and for it only
    return { row, tenant: tenantRunnerFor(db, row.tenantId) };
  }

  return {
    resolve,

    /** Resolves the link and runs `fn` in one transaction of its tenant. */
    async run<T>(req: GuestLinkRequest, fn: (tx: Executor, row: Row) => Promise<T>): Promise<T> {
      const { row, tenant } = await resolve(req);
      return tenant((tx) => fn(tx, row));
    },

    /**
     * A start whose call never connected (its page is gone before the socket opened) does not use
     * up the link: the call is marked failed and the link is open again. `olderThan` limits it to
     * calls made before then (their single-use ticket expired unused). A call that connected is
     * never released here — it ends on its own and is scored.
     */
    async release({ row, tenant }: GuestLink<Row>, at: { now: Date; olderThan: Date | null }): Promise<Row> {
      if (row.status !== 'started' || !row.callId) return row;
      const callId = row.callId;
      return tenant(async (tx) => {
        if (!(await failUnconnectedCall({ tx, callId, now: at.now, olderThan: at.olderThan }))) return row;
        const [reopened] = await tx
          .update(t)
          .set({ status: statuses[statuses.length - 1], callId: null, startedAt: null, updatedAt: at.now })
          .where(and(eq(t.id, row.id), eq(t.callId, callId)))
          .returning();
        return (reopened as unknown as Row | undefined) ?? row;
      });
    },

    /**
     * Starts the link's one call. The claim is one conditional UPDATE (a link not started, not
     * expired): of two tabs racing, one gets the call and the other the kind's "already started".
     * The call is created in the same transaction; its single-use socket ticket is issued after it
     * commits.
     */
    async start({
      db,
      env,
      link,
      now,
    }: {
      db: Db;
      env: Env;
      link: GuestLink<Row>;
      now: Date;
    }): Promise<StartCallResult> {
      const { row, tenant } = link;
      const started = await tenant(async (tx) => {
        const simulationId = await kind.simulationOf(tx, row);
        const [claimed] = await tx
          .update(t)
          .set({ status: 'started', startedAt: now, updatedAt: now })
          .where(and(eq(t.id, row.id), inArray(t.status, statuses), isNull(t.callId), gt(t.expiresAt, now)))
          .returning();
        if (!claimed) throw kind.alreadyStarted();
        const call = await startCall({
          tx,
          env,
          actor: { tenantId: row.tenantId, userId: null, role: null, candidate: true },
          input: { simulationId, mode: kind.mode },
        });
        const [linked] = await tx.update(t).set({ callId: call.callId }).where(eq(t.id, row.id)).returning();
        await kind.onStarted?.(tx, linked as unknown as Row, call.callId, now);
        return call;
      });
      const ticket = await issueTicket(db, env, { tenantId: row.tenantId, callId: started.callId, userId: null });
      return { ...started, ticket };
    },
  };
}

/** The report of the link's call: its status ('none' before there is one) and its score once ready. */
export async function guestReportOf(tx: Executor, callId: string | null) {
  const [r] = callId
    ? await tx.select({ status: reports.status, score: reports.score }).from(reports).where(eq(reports.callId, callId))
    : [];
  return {
    status: r?.status ?? ('none' as const),
    score: r?.status === 'ready' && r.score !== null ? Number(r.score) : null,
  };
}

/** The simulation's columns the intro page shows. */
export const introSimulationColumns = {
  name: simulations.name,
  learnerRole: simulations.learnerRole,
  difficulty: simulations.difficulty,
  timeLimitMinutes: simulations.timeLimitMinutes,
  language: simulations.language,
  instructions: simulations.instructions,
};

/** The intro page's simulation, from `introSimulationColumns` (read on a join: the row is there when the name is). */
export function introSimulation<
  I extends {
    name: string;
    learnerRole: unknown;
    difficulty: unknown;
    timeLimitMinutes: unknown;
    language: unknown;
    instructions: string | null;
  },
>(info: I) {
  return {
    name: info.name,
    type: info.learnerRole as NonNullable<I['learnerRole']>,
    difficulty: info.difficulty as NonNullable<I['difficulty']>,
    time_limit_minutes: Number(info.timeLimitMinutes),
    language: info.language as NonNullable<I['language']>,
    instructions: info.instructions ?? '',
  };
}
