import { randomBytes } from 'node:crypto';
import { expect, h1, test } from './fixtures';
import { storageFile } from './server-info';
import { noHorizontalOverflow, typedCall } from './call-helpers';

// A seeded English simulation (seed/simulations.ts); the e2e server has no OPENAI_API_KEY, so its
// calls run in the offline practice mode and the rep types.
const SIMULATION = 'Cold call to an IT Director';
const REP = 'Casey Certified';

// A short cold call: ask permission, give a reason, ask for a meeting on a specific date and time.
const TURNS = [
  'Hi, this is Casey from Spar. I know I am calling out of the blue: do you have two minutes for me?',
  'The reason I am calling: we help IT directors cut their service desk backlog by a third within one quarter, and your team has been hiring support engineers.',
  'Could we book a 30 minute meeting next Tuesday, 14 May, at 10am to see whether it fits your team?',
];

test.describe('Certifications', () => {
  test.use({ userType: 'sales_rep', displayName: REP });

  test('a manager defines a certification, a rep earns it with a typed call, verifies it publicly, and the manager revokes it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const name = `Cold calling certified ${randomBytes(3).toString('hex')}`;

    // 1. the manager creates a certification of one step: the seeded cold call, score at least 1, evidence required
    const managerContext = await browser.newContext({ storageState: storageFile('manager') });
    const manager = await managerContext.newPage();
    await manager.goto('/certifications');
    await expect(h1(manager)).toHaveText('Certifications');
    await manager.getByRole('button', { name: 'New certification' }).click();
    const form = manager.getByRole('dialog', { name: 'New certification' });
    // an empty form is refused with the schema's messages next to the fields
    await form.getByRole('button', { name: 'Create certification' }).click();
    await expect(form.getByText('Enter a name.')).toBeVisible();
    await expect(form.getByText('Pick a simulation.')).toBeVisible();
    await expect(form.getByText('Set a minimum score, a minimum level, or both.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Description' }).fill('Open a cold call well and ask for a meeting.');
    await form.getByRole('combobox', { name: 'Simulation', exact: true }).click();
    await manager.getByRole('option', { name: SIMULATION, exact: true }).click();
    await form.getByRole('textbox', { name: 'Minimum score' }).fill('1');
    await expect(form.getByRole('checkbox', { name: 'Evidence required' })).toBeChecked();
    await form.getByRole('button', { name: 'Create certification' }).click();
    await expect(manager).toHaveURL(/\/certifications\/[0-9a-f-]{36}$/);
    await expect(h1(manager)).toHaveText(name);
    const certificationUrl = new URL(manager.url()).pathname;
    const step = manager.getByTestId('certification-step');
    await expect(step).toContainText(`Step 1: ${SIMULATION}`);
    await expect(step).toContainText('A score of at least 1');
    await expect(step).toContainText('Evidence required');

    // 2. the rep finds it in the list and starts its step
    await page.goto('/certifications');
    const row = page.getByTestId('certification-row').filter({ hasText: name });
    await expect(row).toContainText('1 step');
    await expect(row).toContainText('Does not expire');
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(certificationUrl);
    const start = page.getByRole('link', { name: `Start: ${SIMULATION}` });
    const startHref = (await start.getAttribute('href'))!;
    await start.click();
    await expect(page).toHaveURL(/\/exercise\/[0-9a-f-]{36}\?certificationStep=[0-9a-f-]{36}$/);

    // 3. the typed call: the rep types only when the page hands over
    const call = await typedCall(page);
    for (const text of TURNS) await call.say(text);
    await call.end();
    await page.getByRole('link', { name: 'Open the report' }).click();
    await expect(page.getByTestId('report-score')).toBeVisible({ timeout: 30_000 });

    // 4. back on the certification: the step is passed and the certificate earned (issued with the report)
    await page.goto(certificationUrl);
    const certificate = page.getByRole('region', { name: 'Your certificate' });
    await expect(async () => {
      await page.reload();
      await expect(certificate).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(certificate.getByTestId('certificate-status')).toHaveText('Valid');
    await expect(page.getByTestId('certification-step')).toContainText('Passed');
    await expect(page.getByTestId('certification-step')).toContainText('1 attempt used');
    await expect(page.getByRole('link', { name: 'Open the passing report' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Start: ${SIMULATION}` })).toHaveCount(0);
    await expect(certificate.getByRole('link', { name: 'Download certificate' })).toHaveAttribute(
      'href',
      /^\/api\/v1\/certificates\/[0-9a-f-]{36}\/download$/,
    );
    await page.goto('/certifications');
    await expect(page.getByTestId('certification-row').filter({ hasText: name })).toContainText('Held');
    // another attempt is refused with the server's reason
    await page.goto(startHref);
    await page.getByRole('button', { name: 'Start call' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'You already hold this certification.' })).toBeVisible();
    await page.goto(certificationUrl);

    // 5. a verification link, shown once
    await certificate.getByRole('button', { name: 'Create verification link' }).click();
    const link = certificate.getByRole('textbox', { name: 'Verification link' });
    await expect(link).toHaveValue(/\/verify\/[0-9a-f-]{36}\.\S+$/);
    const verifyUrl = await link.inputValue();
    await expect(certificate).toContainText('Creating a new link stops this one from working.');
    await expect(certificate.getByRole('button', { name: 'Copy the link' })).toBeVisible();

    // 6. the page fits a phone and a desktop
    for (const [width, height] of [
      [375, 812],
      [1440, 900],
    ]) {
      await page.setViewportSize({ width, height });
      await expect(certificate).toBeVisible();
      expect(await noHorizontalOverflow(page), `no horizontal overflow at ${width} px`).toBe(true);
      await page.screenshot({ path: `/tmp/cert-${width}.png`, fullPage: true });
    }

    // 7. anyone, signed out, checks the certificate by the link
    const publicContext = await browser.newContext();
    const visitor = await publicContext.newPage();
    await visitor.goto(verifyUrl);
    const result = visitor.getByTestId('verify-result');
    await expect(result).toContainText('Valid certificate');
    await expect(visitor.getByRole('main')).toContainText(name);
    await expect(visitor.getByRole('main')).toContainText(REP);

    // 8. attempted: the manager can no longer edit it (the server says why); the rep is among the holders, and the manager revokes the certificate
    await manager.reload();
    await manager.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = manager.getByRole('dialog', { name: 'Edit certification' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert')).toHaveText(
      'Reps have already attempted this certification, so it cannot be changed: archive it and create a new one.',
    );
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    const holder = manager.getByTestId('holder-row').filter({ hasText: REP });
    await expect(holder.getByTestId('certificate-status')).toHaveText('Valid');
    await holder.getByRole('button', { name: `Revoke the certificate of ${REP}` }).click();
    const dialog = manager.getByRole('dialog', { name: 'Revoke this certificate?' });
    await expect(dialog).toContainText(`Revoke the certificate of ${REP}`);
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(holder.getByTestId('certificate-status')).toHaveText('Revoked');

    // 9. the same link now says so
    await visitor.reload();
    await expect(result).toContainText('This certificate was revoked');
    await expect(visitor.getByRole('main')).toContainText(REP);
    // a made-up link verifies nothing
    await visitor.goto('/verify/not-a-real-link');
    await expect(result).toContainText('This verification link is not valid');

    await publicContext.close();
    await managerContext.close();
  });
});
