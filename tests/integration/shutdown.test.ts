import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { startTestApp } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase();

/** Opens a new TCP connection (no pooled keep-alive socket) and reports how it went. */
function connectionError(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      resolve('connected');
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then refuses new connections', async () => {
    let reached!: () => void;
    const pingReached = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // The health check's ping waits at the gate, so the request is in flight while we stop.
    const slow: Database = {
      ...database,
      ping: async () => {
        reached();
        await gate;
        await database.ping();
      },
    };
    const app = await startTestApp(slow);
    const healthUrl = `${app.url}/api/v1/health`;
    const otherUrl = `${app.url}/api/v1/nope`; // answers without touching the gated ping
    expect(await connectionError(otherUrl)).toBe('connected');
    const inflight = fetch(healthUrl);
    await pingReached;

    const stopped = app.stop();
    // the listener is closed at once: a new connection is refused while the old one finishes
    expect(await connectionError(otherUrl)).toBe('ECONNREFUSED');
    setTimeout(release, 500);

    const res = await inflight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
    await stopped;
    expect(await connectionError(otherUrl)).toBe('ECONNREFUSED');
    // the database handed in by the caller stays open
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
