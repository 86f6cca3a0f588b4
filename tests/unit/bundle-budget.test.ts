import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS_KB, checkBundleBudgets, gzippedSizes, pageLoad } from '../../scripts/bench/bundle-budget';

const KB = 1024;

describe('bundle budgets (scripts/bench/bundle.ts --check)', () => {
  it('are 172 kB for /login and 282 kB for /dashboard', () => {
    expect(BUNDLE_BUDGETS_KB).toEqual({ '/login': 172, '/dashboard': 282 });
  });

  it('pass when every page is within its budget, to the byte', () => {
    const report = checkBundleBudgets([
      { page: '/login', js: 160 * KB, css: 10 * KB },
      { page: '/dashboard', js: 250 * KB, css: 25 * KB },
      { page: 'exercise page', js: 900 * KB, css: 0 },
    ]);
    expect(report.ok).toBe(true);
    expect(report.failures).toEqual([]);
    expect(report.lines).toHaveLength(2);
  });

  it('fail and name the page and by how much when a page is over', () => {
    const report = checkBundleBudgets([
      { page: '/login', js: 165 * KB, css: 10 * KB },
      { page: '/dashboard', js: 250 * KB, css: 25 * KB },
    ]);
    expect(report.ok).toBe(false);
    expect(report.failures).toEqual([
      '/login: 175.0 kB gzipped (JS 165.0 + CSS 10.0) is over its 172 kB budget by 3.0 kB',
    ]);
    // one byte over is over
    expect(checkBundleBudgets([{ page: '/login', js: 170 * KB + 1, css: 0 }], { '/login': 170 }).ok).toBe(false);
  });

  it('fail when a budgeted page was not measured', () => {
    const report = checkBundleBudgets([{ page: '/login', js: 100 * KB, css: 0 }]);
    expect(report.ok).toBe(false);
    expect(report.failures).toEqual(['/dashboard: not measured (budget 282 kB gzipped)']);
  });

  describe('on a made-up build', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'spar-bundle-budget-'));
    afterAll(() => rmSync(dist, { recursive: true, force: true }));
    mkdirSync(path.join(dist, 'assets'));
    // random bytes do not compress: each file is about as large gzipped as on disk
    writeFileSync(path.join(dist, 'assets/index.js'), randomBytes(150 * KB));
    writeFileSync(path.join(dist, 'assets/vendor.js'), randomBytes(17 * KB));
    writeFileSync(path.join(dist, 'assets/index.css'), randomBytes(10 * KB));
    // text compresses well
    writeFileSync(path.join(dist, 'assets/texts.js'), 'export default "hello";\n'.repeat(4000));

    it('sums gzipped JS and CSS per page and reports the page over its budget', () => {
      const sizes = gzippedSizes(dist, [
        '/assets/index.js',
        '/assets/vendor.js',
        '/assets/index.css',
        '/assets/texts.js',
      ]);
      expect(sizes.find((s) => s.file === '/assets/texts.js')!.bytes).toBeLessThan(2 * KB);
      const login = pageLoad('/login', sizes);
      expect(login.css).toBeGreaterThanOrEqual(10 * KB);
      expect(login.js).toBeGreaterThan(167 * KB);
      const report = checkBundleBudgets([login, { page: '/dashboard', js: 200 * KB, css: 20 * KB }]);
      expect(report.ok).toBe(false);
      expect(report.failures).toHaveLength(1);
      expect(report.failures[0]).toMatch(/^\/login: 17\d\.\d kB gzipped .* over its 172 kB budget by \d+\.\d kB$/);
    });
  });
});
