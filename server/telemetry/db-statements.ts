import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { PostgresJsPreparedQuery } from 'drizzle-orm/postgres-js/session';
import { inDbSpan } from '../../db/spans';

/**
 * A client span per SQL statement, for both drivers Spar runs on: postgres.js and
 * PGlite have no OpenTelemetry instrumentation of their own (`instrumentation-pg` covers only `pg`),
 * so the statements are traced where every query of the app passes, drizzle's prepared query. The
 * span carries the statement's text with its placeholders (`$1`…), never the values bound to them;
 * it is a child of the transaction's span (db/tenant.ts), itself inside the request or job.
 */
interface PreparedQueryLike {
  execute(...args: unknown[]): Promise<unknown>;
  /** postgres.js and PGlite both keep the statement's text here. */
  queryString?: string;
}
type Prototype = { execute: PreparedQueryLike['execute'] };

/** The first keyword of a statement: select, insert, update, delete, with, … (lower case). */
export function statementOperation(text: string): string {
  const m = /^\s*(?:\/\*[\s\S]*?\*\/\s*)*([a-z]+)/i.exec(text);
  return (m?.[1] ?? 'query').toLowerCase();
}

/** Wraps every statement in a span while the server traces; returns the undo. */
export function traceStatements(): () => void {
  const undo: (() => void)[] = [];
  for (const proto of [PostgresJsPreparedQuery.prototype, PglitePreparedQuery.prototype] as unknown as Prototype[]) {
    const original = proto.execute;
    proto.execute = function (this: PreparedQueryLike, ...args: unknown[]) {
      const text = this.queryString ?? '';
      const operation = statementOperation(text);
      return inDbSpan(`db ${operation}`, { 'db.operation.name': operation, 'db.query.text': text }, () =>
        original.apply(this, args),
      );
    };
    undo.push(() => (proto.execute = original));
  }
  return () => undo.forEach((u) => u());
}
