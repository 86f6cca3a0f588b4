import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import httpProxy from 'http-proxy';
import { waitHealthy } from './built-server';
import { freePort } from './free-port';

/**
 * N server processes (the built server, dist/server/index.mjs) on one DATABASE_URL behind a
 * round-robin proxy — for local trials of several processes and for the load benchmark. Each
 * request (and each WebSocket, which then stays on the process that accepted it) goes to the next
 * healthy process; a process that refuses a connection is skipped for five seconds.
 */
export interface Cluster {
  url: string;
  backends: { url: string; pid: number | undefined }[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  processes: number;
  /** The proxy's port (0: any free port); the processes listen on the ports after it (or any free ones). */
  port: number;
  env: NodeJS.ProcessEnv;
  /** Where a process's output goes (default: dropped). */
  onOutput?: (index: number, line: string) => void;
  /** Node arguments that run the server (default: the build, dist/server/index.mjs; tests run the sources through tsx). */
  entry?: string[];
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  if (!opts.env.DATABASE_URL)
    throw new Error('A cluster needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process.');
  const children: ChildProcess[] = [];
  const backends: { url: string; pid: number | undefined }[] = [];
  const stopChildren = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            const kill = setTimeout(() => c.kill('SIGKILL'), 10_000);
            c.once('exit', () => (clearTimeout(kill), resolve()));
            c.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    for (let i = 0; i < opts.processes; i++) {
      const port = opts.port ? opts.port + 1 + i : await freePort();
      const child = spawn(process.execPath, opts.entry ?? ['dist/server/index.mjs'], {
        env: { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const s of [child.stdout, child.stderr])
        s?.on('data', (d: Buffer) =>
          d
            .toString()
            .split('\n')
            .filter(Boolean)
            .forEach((l) => opts.onOutput?.(i, l)),
        );
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      // the first one migrates and seeds; the others start once it answers (they would wait on its lock anyway)
      await waitHealthy(url, child);
      backends.push({ url, pid: child.pid });
    }
  } catch (e) {
    await stopChildren();
    throw e;
  }

  // keep-alive connections to the processes: a new TCP connection per proxied request would cost more than the request
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: true, agent });
  const downUntil = new Map<string, number>();
  let next = 0;
  const pick = () => {
    for (let k = 0; k < backends.length; k++) {
      const b = backends[(next + k) % backends.length];
      if ((downUntil.get(b.url) ?? 0) <= Date.now()) {
        next = (next + k + 1) % backends.length;
        return b.url;
      }
    }
    return backends[next++ % backends.length].url;
  };
  proxy.on('error', (err, _req, res) => {
    const target = (err as { address?: string; port?: number }).port;
    if (target) downUntil.set(`http://127.0.0.1:${target}`, Date.now() + 5000);
    if (res && 'writeHead' in res && !(res as ServerResponse).headersSent) {
      (res as ServerResponse).writeHead(502, { 'Content-Type': 'application/json' });
      (res as ServerResponse).end(
        JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'No server process answered' } }),
      );
    } else if (res && 'destroy' in res) (res as Socket).destroy();
  });
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) =>
    proxy.web(req, res, { target: pick() }),
  );
  server.on('upgrade', (req, socket, head) => proxy.ws(req, socket, head, { target: pick() }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    backends,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      proxy.close();
      agent.destroy();
      await stopChildren();
    },
  };
}
