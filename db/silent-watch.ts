import { connect, Socket } from 'node:net';

/** The error a connection fails with when the database stopped answering on it. */
export const SILENT_DATABASE_CODE = 'DATABASE_SILENT';

/** What postgres.js passes to a custom socket factory (the parsed connection settings). */
interface SocketTarget {
  host: string[];
  port: number[];
  path?: string | false;
}

/** How long a connection tried while the database is silent may wait for each answer. */
const PROBE_TIMEOUT_MS = 300;
/** While the database is silent or refusing, at most one real connection attempt this often. */
const PROBE_INTERVAL_MS = 100;

const silentError = (message: string) => Object.assign(new Error(message), { code: SILENT_DATABASE_CODE });

/**
 * Destroys the socket two event-loop turns later: postgres.js sends what it wrote on the next turn
 * (setImmediate), and a socket that closes before that leaves its connection unable to send
 * anything ever again, so a write already scheduled must go out first.
 */
function destroyLater(socket: Socket, err: Error) {
  setImmediate(() => setImmediate(() => socket.destroy(err)));
}

/**
 * A socket factory for postgres.js that notices a database which accepts connections but never
 * answers (a network partition, a hung server or proxy) and fails fast while it stays so:
 *
 * - Once something is written, the first byte of an answer must arrive within `answerTimeoutMs`,
 *   or the connection is destroyed: its queries fail with `DATABASE_SILENT` (the request is answered
 *   503). A connection that is only waiting (idle in the pool, or listening for notifications) has
 *   written nothing and is left alone. The rule is "no byte back after a write", not a protocol
 *   parser, so it works the same over TLS, where the bytes on this socket are encrypted. A statement
 *   that runs longer than the timeout counts as silence too; PostgreSQL's own `statement_timeout`,
 *   set a little shorter, cancels such a statement first and keeps the connection.
 * - After a silence (or a connection that closed without a byte back), the other connections that
 *   have waited 300 ms are dropped too, every answer gets 300 ms, and new connections
 *   fail at once except one at a time that really tries (a probe): requests queued for a connection
 *   are not held for a deadline each. The first byte from the database on any connection ends this,
 *   so the server recovers by itself when the database answers again.
 */
export function silentDatabaseWatch(answerTimeoutMs: number) {
  let next = 0;
  let silent = false;
  let probing = false;
  let lastProbe = -Infinity;
  /** Connections waiting for an answer, and since when. */
  const waiting = new Map<Socket, number>();
  const shortLimit = Math.min(answerTimeoutMs, PROBE_TIMEOUT_MS);
  const giveUp = (socket: Socket, limit: number) => {
    waiting.delete(socket);
    destroyLater(socket, silentError(`The database did not answer within ${limit} ms`));
  };
  const turnSilent = () => {
    silent = true;
    // the others that have waited a while are behind the same silence: fail them now, not each at its deadline
    const now = performance.now();
    for (const [other, since] of waiting) if (now - since >= PROBE_TIMEOUT_MS) giveUp(other, PROBE_TIMEOUT_MS);
  };
  const socket = (target: SocketTarget): Socket => {
    if (silent && (probing || performance.now() - lastProbe < PROBE_INTERVAL_MS)) {
      // fails once postgres.js has written its start-up message: no byte goes anywhere
      const refused = new Socket();
      refused.write = (() => {
        destroyLater(refused, silentError('The database is not answering'));
        return true;
      }) as Socket['write'];
      return refused;
    }
    const probe = silent;
    if (probe) {
      probing = true;
      lastProbe = performance.now();
    }
    // several hosts in the URL: try them in turn, as postgres.js does with its own sockets
    const i = next++ % Math.max(1, target.host.length);
    const real = target.path ? connect(target.path) : connect(target.port[i] ?? target.port[0], target.host[i]);
    let timer: NodeJS.Timeout | undefined;
    let wrote = false;
    let heard = false;
    const disarm = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      waiting.delete(real);
    };
    const write = real.write.bind(real) as (...args: unknown[]) => boolean;
    real.write = ((...args: unknown[]) => {
      wrote = true;
      if (!timer) {
        // while the database is known to be silent, each answer gets only a short round trip
        const limit = silent ? shortLimit : answerTimeoutMs;
        waiting.set(real, performance.now());
        timer = setTimeout(() => {
          giveUp(real, limit);
          turnSilent();
        }, limit);
        timer.unref();
      }
      return write(...args);
    }) as Socket['write'];
    real.on('data', () => {
      heard = true;
      silent = false;
      disarm();
    });
    real.on('close', () => {
      disarm();
      if (probe) probing = false;
      if (wrote && !heard) silent = true;
    });
    return real;
  };
  /** While the database is silent or refusing: reconnecting costs nothing, so postgres.js need not wait. */
  const refusing = () => silent;
  return { socket, refusing };
}
