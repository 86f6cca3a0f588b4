import type { Tx } from '../../db/client';

/**
 * Domain events: a module says that something happened without knowing who cares. The emitter
 * knows no subscriber; the subscribers are attached by the composition root (server/wiring.ts),
 * the one place that knows every module. So the evaluation tells assignments, hiring assessments
 * and meetings that a report is settled without importing them (they import the evaluation to
 * queue it: the other way round would be a circle), and the mail worker tells campaigns that a
 * link's mail went out.
 *
 * An event that carries `tx` is handled inside the emitter's transaction: `emit` awaits every
 * handler, one after the other in the order they were attached, and a handler that throws
 * rejects the emit — the emitter's transaction rolls back with it, as if the handler's work were
 * written in line.
 */
export interface DomainEvents {
  /** A call's report was stored as ready, in the transaction that stored it. */
  'report.ready': { tx: Tx; tenantId: string; callId: string; score: number | null };
  /** A call's report failed for good (its last attempt), in the transaction that marked it failed. */
  'report.failed': { tx: Tx; tenantId: string; callId: string; error: string };
  /** A mail that names a campaign link (its `onSent` hook) was accepted by the mail server, in the transaction that marked it sent. */
  'mail.sent': { tx: Tx; tenantId: string; magicLinkId: string };
}

export type DomainEventName = keyof DomainEvents;
export type DomainEventHandler<K extends DomainEventName> = (event: DomainEvents[K]) => Promise<void>;

const subscribers = new Map<DomainEventName, Map<string, DomainEventHandler<DomainEventName>>>();

/**
 * Attaches `handler` to `event` under the subscriber's name. Attaching again under the same name
 * replaces the handler (keeping its place), so wiring twice — a test and the app in one process —
 * never runs a handler twice.
 */
export function subscribe<K extends DomainEventName>(
  event: K,
  subscriber: string,
  handler: DomainEventHandler<K>,
): void {
  let named = subscribers.get(event);
  if (!named) subscribers.set(event, (named = new Map()));
  named.set(subscriber, handler as DomainEventHandler<DomainEventName>);
}

/** Runs the event's handlers in order, each awaited; the first that throws stops the rest and rejects. */
export async function emit<K extends DomainEventName>(event: K, payload: DomainEvents[K]): Promise<void> {
  const named = subscribers.get(event);
  if (!named) return;
  for (const handler of [...named.values()]) await handler(payload);
}

/** The names subscribed to an event, in the order they run (tests: the wiring is in place). */
export function subscribersOf(event: DomainEventName): string[] {
  return [...(subscribers.get(event)?.keys() ?? [])];
}
