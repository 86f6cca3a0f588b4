import { expect, test } from './fixtures';

interface Asset {
  path: string;
  bytes: number;
  encoding: string | undefined;
  cache: string | undefined;
}

test("the browser receives the app's JavaScript and CSS compressed, and hashed assets cacheable for a year", async ({
  page,
}) => {
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (!/\.(js|css)$/.test(path)) return;
    pending.push(
      (async () => {
        const headers = await res.allHeaders();
        const body = await res.body().catch(() => null);
        if (!body) return null;
        return { path, bytes: body.length, encoding: headers['content-encoding'], cache: headers['cache-control'] };
      })(),
    );
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
  // files under 1 kB are sent as they are: compressing them saves nothing
  const worthCompressing = assets.filter((a) => a.bytes >= 1024);
  expect(worthCompressing.filter((a) => a.path.endsWith('.js')).length).toBeGreaterThan(0);
  expect(worthCompressing.filter((a) => a.path.endsWith('.css')).length).toBeGreaterThan(0);
  for (const a of worthCompressing) expect(a.encoding, a.path).toMatch(/^(br|gzip)$/);
  for (const a of assets.filter((x) => x.path.startsWith('/assets/'))) expect(a.cache, a.path).toContain('immutable');
});
