import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn, trpcCall } from '../../scripts/lib/http-session';
export { freePort } from '../../scripts/lib/free-port';

/**
 * The real server entry point (server/index.ts, through tsx) in a child process, for tests that
 * kill it, restart it or talk to it from outside (crash, backup): the demo seed with a known
 * password, a port of its own, health-checked before use.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PASSWORD = 'crash-test-password';

export class Server {
  child!: ChildProcess;
  log = '';
  constructor(
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    this.child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        SEED_DEMO_HISTORY: 'false',
        DEMO_PASSWORD: PASSWORD,
        OPENAI_API_KEY: '',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (b: Buffer) => (this.log = (this.log + b.toString()).slice(-20_000));
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`server exited ${this.child.exitCode}: ${this.log}`);
      const ok = await fetch(`${this.url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`server did not start: ${this.log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  /** Starts the process and runs `work` against it, which kills it; if anything fails, the process is stopped. */
  async runUntilKilled<T>(work: () => Promise<T>): Promise<T> {
    try {
      await this.start();
      return await work();
    } catch (e) {
      await this.stop();
      throw e;
    }
  }
  /** SIGKILL: no shutdown handler, no last write. */
  async kill() {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await exited;
  }
  async stop() {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** A signed-in session over HTTP (the real login), and tRPC calls with it. */
export async function session(url: string, email: string) {
  const cookie = await signIn(url, email, PASSWORD);
  return {
    query: <T>(p: string, i: unknown = {}) => trpcCall<T>(url, cookie, p, i, 'GET'),
    mutate: <T>(p: string, i: unknown) => trpcCall<T>(url, cookie, p, i, 'POST'),
  };
}
