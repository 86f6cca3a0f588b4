/**
 * A signed-in session over HTTP against a running server: the real login, then tRPC calls with its
 * cookie (queries as GET, mutations as POST with the origin the CSRF check wants). Shared by the
 * benchmarks that drive a spawned server and by the tests that do the same.
 */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function trpcCall<T>(
  base: string,
  cookie: string,
  proc: string,
  input: unknown,
  method: 'GET' | 'POST' = 'GET',
): Promise<T> {
  const res =
    method === 'GET'
      ? await fetch(`${base}/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } })
      : await fetch(`${base}/trpc/${proc}`, {
          method: 'POST',
          headers: { cookie, origin: base, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        });
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!res.ok) throw new Error(`${proc}: ${res.status} ${JSON.stringify(body.error ?? body)}`);
  return body.result!.data;
}

/**
 * The environment of the built server a load benchmark drives: production mode on `databaseUrl`,
 * the demo tenant seeded without its history, its users signing in with `demoPassword`, no model.
 */
export function demoServerEnv(databaseUrl: string, demoPassword: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    SEED_DEMO_HISTORY: 'false',
    DEMO_PASSWORD: demoPassword,
    OPENAI_API_KEY: '',
  };
}
