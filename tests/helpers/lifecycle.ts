import { Server } from 'node:net';

type Closable =
  | { cleanup(): Promise<unknown> }
  | { stop(): Promise<unknown> }
  | { close(): Promise<unknown> }
  | Server
  | null
  | undefined;

/**
 * What a test file started, released in the order given: a test database is dropped (cleanup), an
 * app stopped, a fake or a plain server closed. Unset ones are skipped: beforeAll may have failed early.
 */
export async function closeAll(...resources: Closable[]) {
  for (const r of resources) {
    if (!r) continue;
    if (r instanceof Server) await new Promise((resolve) => r.close(resolve));
    else if ('cleanup' in r) await r.cleanup();
    else if ('stop' in r) await r.stop();
    else await r.close();
  }
}
