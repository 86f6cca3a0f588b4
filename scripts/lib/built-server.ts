import type { ChildProcess } from 'node:child_process';
import { freePort } from './free-port';

/**
 * A server process to run on loopback for a test or a benchmark: a free port, its URL, and the
 * environment for it: test mode, its embedded database in `dataDir`, the demo users signing in
 * with `demoPassword`.
 */
export async function loopbackServer(opts: {
  dataDir: string;
  demoPassword: string;
}): Promise<{ url: string; env: NodeJS.ProcessEnv }> {
  const port = await freePort();
  return {
    url: `http://127.0.0.1:${port}`,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DEMO_PASSWORD: opts.demoPassword,
    },
  };
}

/** Waits until the server process at `url` answers its health check; fails at once if it exits. */
export async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a server process exited with code ${child.exitCode}`);
    if (
      await fetch(`${url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
