import { request } from '@playwright/test';
import { expect, h1, test } from './fixtures';

/** Admin → Provisioning (SCIM): a token is shown once, works, and stops working once revoked after a confirmation. */
test.describe('Admin: SCIM provisioning', () => {
  test.use({ userType: 'admin' });

  for (const width of [1440, 375]) {
    test(`an admin creates a SCIM token, sees it once, and revokes it (${width} px)`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin');
      // a direct load brings the admin page: longer than the default wait on a loaded machine
      await expect(h1(page)).toHaveText('Admin', { timeout: 20_000 });
      await page.getByRole('tab', { name: 'Provisioning (SCIM)', exact: true }).click();
      await expect(page.getByTestId('scim-base-url')).toHaveText(`${baseURL}/scim/v2`);

      const name = `Okta ${width} ${Date.now()}`;
      await page.getByRole('button', { name: 'Create token' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create token' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('button', { name: 'Create token' }).click();
      const created = page.getByRole('dialog', { name: 'Token created' });
      await expect(
        created.getByText('Copy it now: it is shown only this once and cannot be displayed again.'),
      ).toBeVisible();
      const secret = (await created.getByTestId('new-scim-token').textContent())!.trim();
      expect(secret).toMatch(/^scim_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
      if (width === 375)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      const idp = await request.newContext({ baseURL });
      const config = await idp.get('/scim/v2/ServiceProviderConfig', {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(config.status()).toBe(200);

      await created.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('new-scim-token')).toHaveCount(0);
      await expect(page.getByText(secret)).toHaveCount(0);
      const row = page.getByTestId('scim-token-row').filter({ hasText: name });
      await expect(row.getByText('Active')).toBeVisible();
      if (width === 375)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke SCIM token' });
      await expect(confirm.getByText(`Revoke the token "${name}"?`)).toBeVisible();
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await expect(row.getByText('Revoked')).toBeVisible();
      await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
      const refused = await idp.get('/scim/v2/Users', { headers: { authorization: `Bearer ${secret}` } });
      expect(refused.status()).toBe(401);
      await idp.dispose();
    });
  }
});
