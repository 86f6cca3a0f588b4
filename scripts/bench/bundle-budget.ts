/**
 * The first-load budgets of the client and their check, apart from the browser run of
 * scripts/bench/bundle.ts so that they can be tested on made-up sizes and files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The most a page may load before it is usable: gzipped JS + CSS, in kB of 1024 bytes. */
export const BUNDLE_BUDGETS_KB: Readonly<Record<string, number>> = { '/login': 172, '/dashboard': 282 };

export interface PageLoad {
  /** the page's name as the budgets know it ('/login') */
  page: string;
  /** gzipped bytes */
  js: number;
  css: number;
}

export interface BudgetReport {
  ok: boolean;
  /** one line per budgeted page, over or not */
  lines: string[];
  /** the lines of the pages over their budget or not measured */
  failures: string[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Compares what each page loads with its budget; a budgeted page that was not measured fails too. */
export function checkBundleBudgets(
  loads: readonly PageLoad[],
  budgets: Readonly<Record<string, number>> = BUNDLE_BUDGETS_KB,
): BudgetReport {
  const lines: string[] = [];
  const failures: string[] = [];
  for (const [page, budgetKb] of Object.entries(budgets)) {
    const load = loads.find((l) => l.page === page);
    if (!load) {
      const line = `${page}: not measured (budget ${budgetKb} kB gzipped)`;
      lines.push(line);
      failures.push(line);
      continue;
    }
    const total = load.js + load.css;
    const over = total - budgetKb * 1024;
    const sizes = `${kb(total)} kB gzipped (JS ${kb(load.js)} + CSS ${kb(load.css)})`;
    if (over > 0) {
      const line = `${page}: ${sizes} is over its ${budgetKb} kB budget by ${kb(over)} kB`;
      lines.push(line);
      failures.push(line);
    } else {
      lines.push(`${page}: ${sizes}, within its ${budgetKb} kB budget (${kb(-over)} kB to spare)`);
    }
  }
  return { ok: failures.length === 0, lines, failures };
}

/** Gzipped size (level 9, as a server or CDN would send it) of each file a page requested, from the built client. */
export function gzippedSizes(distDir: string, files: Iterable<string>): { file: string; bytes: number }[] {
  return [...files].map((file) => ({
    file,
    bytes: gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
  }));
}

/** A page's JS and CSS totals from its files' gzipped sizes. */
export function pageLoad(page: string, sizes: readonly { file: string; bytes: number }[]): PageLoad {
  let js = 0;
  let css = 0;
  for (const { file, bytes } of sizes) {
    if (file.endsWith('.css')) css += bytes;
    else js += bytes;
  }
  return { page, js, css };
}
