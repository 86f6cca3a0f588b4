import { request, type Locator, type Page } from '@playwright/test';
import { expect, h1, test } from './fixtures';
import { storageFile } from './server-info';

const CHOICES = [
  { name: 'Automatic', description: 'WebRTC straight to the model when the browser can; the server relay otherwise' },
  {
    name: 'WebRTC only',
    description: 'Audio goes straight between the browser and the model; calls fail on networks that block WebRTC',
  },
  { name: 'Server relay only', description: "Audio passes through Spar's server (for networks that block WebRTC)" },
] as const;

async function openCallSettings(page: Page) {
  await page.goto('/admin');
  await expect(h1(page)).toHaveText('Admin');
  await page.getByRole('tab', { name: 'Call Settings', exact: true }).click();
  return page.getByRole('radiogroup', { name: 'Call connection', exact: true });
}

test.describe('Admin: call connection', () => {
  test.use({ userType: 'admin' });

  // the demo tenant is shared by the whole run: the call specs find it on the default again
  test.afterEach(async ({ baseURL }) => {
    const admin = await request.newContext({
      baseURL,
      storageState: storageFile('admin'),
      extraHTTPHeaders: { Origin: baseURL! },
    });
    try {
      const res = await admin.post('/trpc/callSettings.update', { data: { transport: 'auto' } });
      expect(res.status(), await res.text()).toBe(200);
    } finally {
      await admin.dispose();
    }
  });

  test('an admin chooses how calls carry audio, and the choice is kept after a reload', async ({ page }) => {
    const group = await openCallSettings(page);
    await expect(group).toHaveAccessibleDescription(/How the audio of a call with the AI model travels/);
    for (const c of CHOICES)
      await expect(group.getByRole('radio', { name: c.name, exact: true })).toHaveAccessibleDescription(c.description);
    await expect(group.getByRole('radio', { name: 'Automatic', exact: true })).toBeChecked();
    const save = page.getByRole('button', { name: 'Save call connection' });
    await expect(save).toBeDisabled();

    await group.getByRole('radio', { name: 'Server relay only', exact: true }).check();
    await save.click();
    await expect(page.getByText('Call connection saved: Server relay only')).toBeVisible();
    await expect(save).toBeDisabled();

    await page.reload();
    const again = page.getByRole('radiogroup', { name: 'Call connection', exact: true });
    await expect(again.getByRole('radio', { name: 'Server relay only', exact: true })).toBeChecked();
    await expect(again.getByRole('radio', { name: 'Automatic', exact: true })).not.toBeChecked();

    // and back to another choice, by keyboard
    await again.getByRole('radio', { name: 'Server relay only', exact: true }).focus();
    await page.keyboard.press('ArrowUp');
    await expect(again.getByRole('radio', { name: 'WebRTC only', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Save call connection' }).click();
    await expect(page.getByText('Call connection saved: WebRTC only')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'WebRTC only', exact: true })).toBeChecked();
  });

  test('fits a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const group = await openCallSettings(page);
    const within375 = async (el: Locator) => {
      await expect(el).toBeVisible();
      const box = (await el.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    };
    for (const c of CHOICES) {
      await within375(group.getByRole('radio', { name: c.name, exact: true }));
      await within375(group.getByText(c.description, { exact: true }));
    }
    await within375(page.getByRole('button', { name: 'Save call connection' }));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });
});
