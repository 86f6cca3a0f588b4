import { expect, request, type Page } from '@playwright/test';
import { storageFile } from './server-info';

/** The id of a seeded simulation, read through tRPC with a manager's session (the shared server's demo manager unless given). */
export async function seededSimulationId(
  baseURL: string,
  name: string,
  storageState: string = storageFile('manager'),
): Promise<string> {
  const ctx = await request.newContext({ baseURL, storageState });
  try {
    const res = await ctx.get(`/trpc/simulations.list?input=${encodeURIComponent('{}')}`);
    expect(res.status(), await res.text()).toBe(200);
    const rows = ((await res.json()) as { result: { data: { id: string; name: string }[] } }).result.data;
    const row = rows.find((r) => r.name === name);
    expect(row, `seeded simulation "${name}"`).toBeTruthy();
    return row!.id;
  } finally {
    await ctx.dispose();
  }
}

/** Records every text the call-state badge shows, so short-lived states can be asserted in order (read them with seenCallStates). */
export async function watchCallStates(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __callStates: string[] }).__callStates = seen;
    const record = () => {
      const text = document.querySelector('[data-testid="call-state"]')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export const seenCallStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __callStates: string[] }).__callStates);
