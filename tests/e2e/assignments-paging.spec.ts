import { createDemoUser, devToken, expect, h1, test } from './fixtures';

/*
 * The assignment tables are paged (25 a page) with the page in the URL. A demo manager made for the
 * test sees only the assignments they created: the 26 made here for a rep made for it.
 */
test.describe('Assignments paging', () => {
  test.use({ userType: 'demo_manager' });

  test('26 pending assignments: two pages, the page survives a reload, the pager is labelled', async ({
    page,
    api,
    user,
    baseURL,
  }) => {
    const rep = await createDemoUser(baseURL!, { userType: 'sales_rep' });
    const auth = { Authorization: `Bearer ${await devToken(api, user!)}` };
    const options = await api.get('/trpc/assignments.options?input=%7B%7D', { headers: auth });
    expect(options.status()).toBe(200);
    const { result } = (await options.json()) as {
      result: { data: { simulations: { id: string }[]; members: { id: string; email: string }[] } };
    };
    const member = result.data.members.find((m) => m.email === rep.email)!;
    const stamp = Date.now();
    for (let i = 1; i <= 26; i++) {
      const res = await api.post('/trpc/assignments.create', {
        headers: auth,
        data: {
          name: `Paging ${stamp} #${String(i).padStart(2, '0')}`,
          simulationIds: [result.data.simulations[0].id],
          userIds: [member.id],
        },
      });
      expect(res.status()).toBe(200);
    }

    await page.goto('/assignments');
    await expect(h1(page)).toHaveText('Assignments');
    await expect(page.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();
    const total = Number(/of (\d+)$/.exec((await page.getByText(/^Showing 1–25 of \d+$/).textContent())!)![1]);
    expect(total).toBeGreaterThanOrEqual(26);
    const pager = page.getByRole('navigation', { name: 'Pages of pending assignments' });
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]pendingPage=2\b/);
    await expect(page.getByText(new RegExp(`^Showing 26–${Math.min(50, total)} of ${total}$`))).toBeVisible();
    await page.reload();
    await expect(page.getByText(new RegExp(`^Showing 26–${Math.min(50, total)} of ${total}$`))).toBeVisible();
    // the oldest of this test's assignments is on page 2 (newest first)
    await expect(page.getByText(`Paging ${stamp} #01`, { exact: true })).toBeVisible();
    await page.goBack();
    await expect(page.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();
  });
});
