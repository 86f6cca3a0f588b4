import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// A seeded demo simulation (seed/simulations.ts)
const SIMULATION = 'Cold call to an IT Director';

async function openKnowledgeBase(page: Page) {
  await page.goto('/simulations');
  await page.getByRole('button', { name: `Manage the knowledge base of ${SIMULATION}` }).click();
  const dialog = page.getByRole('dialog', { name: `Knowledge base: ${SIMULATION}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A PNG (its signature only): a type the knowledge base refuses. */
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });

async function chooseFile(page: Page, dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(file);
}

test.describe('Knowledge-base files', () => {
  test.use({ userType: 'manager' });

  test('upload a TXT, disable it (persists after reload), then delete it', async ({ page }) => {
    // unique per run: the e2e server is shared by the whole suite
    const name = `pricing-notes-${Date.now().toString(36)}.txt`;
    let dialog = await openKnowledgeBase(page);

    await chooseFile(page, dialog, {
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from('Pricing: the list price is 900 euros per truck per year.\n'),
    });
    const table = dialog.getByRole('table', { name: 'Knowledge-base files' });
    const row = table.getByRole('row', { name: new RegExp(name.replace(/[.]/g, '\\.')) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Ready');
    await expect(row).toContainText('bytes');
    await expect(page.getByText(`${name} uploaded`)).toBeVisible();

    const toggle = row.getByRole('switch', { name: `Use ${name} in scenarios and calls` });
    await expect(toggle).toBeChecked();
    await toggle.uncheck({ force: true });
    await expect(page.getByText(`${name} disabled`)).toBeVisible();
    await expect(toggle).not.toBeChecked();

    await page.reload();
    dialog = await openKnowledgeBase(page);
    const rowAfter = dialog
      .getByRole('table', { name: 'Knowledge-base files' })
      .getByRole('row', { name: new RegExp(name.replace(/[.]/g, '\\.')) });
    await expect(rowAfter.getByRole('switch', { name: `Use ${name} in scenarios and calls` })).not.toBeChecked();

    // delete: the confirmation names the file
    await rowAfter.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete file' });
    await expect(confirm).toContainText(`Delete the file "${name}"?`);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`${name} deleted`)).toBeVisible();
    await expect(rowAfter).toBeHidden();
  });

  test('a 6 MB file is refused with its size and the maximum', async ({ page }) => {
    const dialog = await openKnowledgeBase(page);
    await chooseFile(page, dialog, {
      name: 'huge-manual.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(6 * 1024 * 1024, 'a'),
    });
    const alert = dialog.getByRole('alert').filter({ hasText: 'huge-manual.txt' });
    await expect(alert).toContainText('Failed to upload file');
    await expect(alert).toContainText('File too large: 6.0 MB (maximum 5 MB)');
    await expect(dialog.getByRole('table', { name: 'Knowledge-base files' }).getByText('huge-manual.txt')).toHaveCount(
      0,
    );
  });

  test('a file of an unsupported type is refused with the unsupported-file-type message', async ({ page }) => {
    const dialog = await openKnowledgeBase(page);
    await chooseFile(page, dialog, png('photo.png'));
    await expect(dialog.getByRole('alert').filter({ hasText: 'photo.png' })).toContainText(
      'Unsupported file type. Upload a PDF, DOCX, TXT or Markdown file.',
    );
  });

  test('an upload error leaves the screen when a later upload succeeds', async ({ page }) => {
    const dialog = await openKnowledgeBase(page);
    await chooseFile(page, dialog, png('slides.png'));
    const failure = dialog.getByRole('alert').filter({ hasText: 'slides.png' });
    await expect(failure).toContainText('Unsupported file type.');
    const name = `objections-${Date.now().toString(36)}.txt`;
    await chooseFile(page, dialog, {
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from('Objection: the price is too high for a pilot.\n'),
    });
    const row = dialog
      .getByRole('table', { name: 'Knowledge-base files' })
      .getByRole('row', { name: new RegExp(name.replace(/[.]/g, '\\.')) });
    await expect(row).toContainText('Ready');
    await expect(failure).toHaveCount(0);
    // tidy up: the e2e server is shared by the suite
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete file' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(row).toBeHidden();
  });

  test("the server refuses a 6 MB upload that skips the page's own check, and the browser gets the message", async ({
    page,
  }) => {
    await page.goto('/simulations');
    const answer = await page.evaluate(async (simulationName) => {
      const list = await (await fetch(`/trpc/simulations.list?input=${encodeURIComponent('{}')}`)).json();
      const sim = (list.result.data as { id: string; name: string }[]).find((s) => s.name === simulationName);
      if (!sim) return 'simulation not found';
      return new Promise<string>((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `/api/v1/simulations/${sim.id}/files`);
        xhr.setRequestHeader('X-File-Name', 'big.txt');
        xhr.onload = () => resolve(`${xhr.status} ${xhr.responseText}`);
        xhr.onerror = () => resolve('network error');
        xhr.send(new Blob([new Uint8Array(6 * 1024 * 1024).fill(97)]));
      });
    }, SIMULATION);
    expect(answer).toMatch(/^413 /);
    expect(JSON.parse(answer.slice(4))).toEqual({
      error: {
        code: 'FILE_TOO_LARGE',
        message: 'File too large: 6.0 MB (maximum 5 MB)',
        details: { sizeBytes: 6 * 1024 * 1024, maxBytes: 5 * 1024 * 1024 },
      },
    });
  });
});
