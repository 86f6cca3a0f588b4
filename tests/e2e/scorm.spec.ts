import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, FrameLocator, Page } from '@playwright/test';
import type { Scorm2004API } from 'scorm-again';
import { request } from '@playwright/test';
import { seededSimulationId } from './call-helpers';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * A SCORM package in a learning system, end to end in Chromium: a manager exports a simulation
 * from its card (the zip comes as a download); a test LMS on another loopback port runs the
 * package the way an LMS does — scorm-again as the runtime API (`API_1484_11` for SCORM 2004,
 * `API` for 1.2) with the learner's id and name set, the package's index.html in a frame; the
 * learner holds a typed call with the offline prospect in the Spar frame; once the report is ready
 * the package writes completion, success, score and session time, which the test reads from the
 * runtime's CMI.
 */

let own: OwnServer;
let lms: Server;
let lmsUrl: string;
/** The unzipped packages the LMS serves, by a name of ours. */
const packages = new Map<string, Record<string, Uint8Array>>();

const SCORM_AGAIN = path.join(process.cwd(), 'node_modules/scorm-again/dist');
const SIMULATION = 'Discovery call with a busy VP of Sales';

/** The LMS's course page: the runtime API with the learner preset, recording every value set, and the package framed. */
function coursePage(q: URLSearchParams): string {
  const v12 = q.get('version') === '1.2';
  const learner = JSON.stringify({ id: q.get('learner') ?? '', name: q.get('name') ?? '' });
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test LMS</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style>
<script src="/scorm-again/${v12 ? 'scorm12' : 'scorm2004'}.min.js"></script>
<script>
  var learner = ${learner};
  var api = new ${v12 ? 'Scorm12API' : 'Scorm2004API'}({ autocommit: false, logLevel: 5 });
  ${v12 ? 'api.cmi.core.student_id = learner.id; api.cmi.core.student_name = learner.name;' : 'api.cmi.learner_id = learner.id; api.cmi.learner_name = learner.name;'}
  window.lmsLog = { set: [], commits: 0, finished: false };
  api.on('${v12 ? 'LMSSetValue' : 'SetValue'}.cmi.*', function (element, value) { window.lmsLog.set.push([element, String(value)]); });
  api.on('${v12 ? 'LMSCommit' : 'Commit'}', function () { window.lmsLog.commits++; });
  api.on('${v12 ? 'LMSFinish' : 'Terminate'}', function () { window.lmsLog.finished = true; });
  window.${v12 ? 'API' : 'API_1484_11'} = api;
</script></head>
<body><iframe id="sco" title="Course content" allow="microphone; autoplay" src="/package/${q.get('package')}/index.html"></iframe></body></html>`;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  own = await startOwnServer(
    'scorm',
    { ENCRYPTION_KEY: 'e2e-encryption-key-of-at-least-32-characters' },
    { healthTimeoutMs: 150_000 },
  );
  lms = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/course') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(coursePage(url.searchParams));
    }
    const lib = /^\/scorm-again\/(scorm12|scorm2004)\.min\.js$/.exec(url.pathname);
    if (lib) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(readFileSync(path.join(SCORM_AGAIN, `${lib[1]}.min.js`)));
    }
    const file = /^\/package\/([\w-]+)\/([\w.-]+)$/.exec(url.pathname);
    const bytes = file ? packages.get(file[1])?.[file[2]] : undefined;
    if (!bytes) {
      res.writeHead(404);
      return res.end();
    }
    const type = file![2].endsWith('.html')
      ? 'text/html; charset=utf-8'
      : file![2].endsWith('.js')
        ? 'text/javascript'
        : 'application/xml';
    res.writeHead(200, { 'Content-Type': type });
    res.end(Buffer.from(bytes));
  });
  await new Promise<void>((resolve) => lms.listen(0, '127.0.0.1', resolve));
  lmsUrl = `http://127.0.0.1:${(lms.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => lms?.close(resolve));
  await own?.stop();
});

/** The manager exports the simulation from its card; the downloaded zip, unzipped, is served by the LMS as `name`. */
async function exportPackage(
  browser: Browser,
  name: string,
  choices: { version: 'SCORM 1.2' | 'SCORM 2004 (4th edition)'; policy: string; passingScore: number },
) {
  const context = await browser.newContext({
    baseURL: own.baseURL,
    storageState: await own.signIn('manager@demo.test'),
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/simulations');
  await page.getByRole('button', { name: `Export ${SIMULATION} for an LMS (SCORM)` }).click();
  const dialog = page.getByRole('dialog', { name: `Export ${SIMULATION} for an LMS (SCORM)` });
  await expect(dialog.getByText('The package holds its own key, so it can be downloaded only now.')).toBeVisible();
  await dialog.getByLabel('Title in the LMS').fill(`${SIMULATION} (${name})`);
  await dialog.getByText(choices.version, { exact: true }).click();
  await dialog.getByRole('radio', { name: choices.policy }).check();
  await dialog.getByLabel('Passing score').fill(String(choices.passingScore));
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Create and download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-scorm-(12|2004)\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync(await file.path())));
  expect(Object.keys(zip).sort()).toEqual(['imsmanifest.xml', 'index.html', 'spar-scorm.js']);
  packages.set(name, zip);
  // the package is listed under the exercise, active
  await expect(dialog.getByTestId('scorm-package-row').filter({ hasText: `(${name})` })).toContainText('Active');
  await context.close();
}

/** The learner's typed call in the Spar frame, with the offline prospect, until the report shows. */
async function holdCallInFrame(spar: FrameLocator) {
  await spar.getByRole('button', { name: 'Start the exercise' }).click();
  await spar.getByRole('button', { name: 'Allow microphone' }).click();
  await spar.getByRole('button', { name: 'Continue without a microphone' }).click();
  await spar.getByRole('button', { name: 'Start the call' }).click();
  const transcript = spar.getByRole('log', { name: 'Live transcript' });
  await expect(transcript.locator('[data-speaker="prospect"]').first()).toContainText(/\w{2,}/, { timeout: 20_000 });
  const input = spar.getByRole('textbox', { name: 'Type what you would say and press Enter' });
  for (const line of [
    'Hi, thanks for taking my call. How does your team forecast revenue today, and what does a missed forecast cost you?',
    'Could we book a 30 minute demo next Tuesday at 10am with your sales operations lead?',
  ]) {
    const before = await transcript.locator('[data-speaker="prospect"]').count();
    await input.fill(line);
    await input.press('Enter');
    await expect(transcript.locator('[data-speaker="prospect"]')).toHaveCount(before + 1, { timeout: 20_000 });
  }
  await spar.getByRole('button', { name: 'End call' }).click();
}

const lmsLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { lmsLog: { set: [string, string][]; commits: number } }).lmsLog);
const lastSet = (log: { set: [string, string][] }, element: string) =>
  log.set.filter(([e]) => e === element).at(-1)?.[1];

test('a manager exports the simulation as SCORM 2004 and 1.2 packages from its card', async ({ browser }) => {
  test.setTimeout(120_000);
  await exportPackage(browser, 'p2004', {
    version: 'SCORM 2004 (4th edition)',
    policy: 'Let them practise as guests (no account)',
    passingScore: 50,
  });
  await exportPackage(browser, 'p12', { version: 'SCORM 1.2', policy: 'Refuse them', passingScore: 100 });
});

test('SCORM 2004: a guest learner’s call is reported to the LMS — completed, passed or failed by the score, scaled score, session time', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${lmsUrl}/course?version=2004&package=p2004&learner=lms-learner-2004&name=Lee%20Park`);
  const spar = page.frameLocator('#sco').frameLocator('#spar-frame');
  await holdCallInFrame(spar);
  // the package marked the attempt incomplete when Spar opened it, then writes the result once the report is ready
  await expect
    .poll(async () => lastSet(await lmsLog(page), 'cmi.completion_status'), { timeout: 90_000 })
    .toBe('completed');
  const log = await lmsLog(page);
  expect(log.set.find(([e]) => e === 'cmi.completion_status')?.[1]).toBe('incomplete');
  const raw = Number(lastSet(log, 'cmi.score.raw'));
  expect(raw).toBeGreaterThanOrEqual(0);
  expect(raw).toBeLessThanOrEqual(100);
  expect(lastSet(log, 'cmi.score.min')).toBe('0');
  expect(lastSet(log, 'cmi.score.max')).toBe('100');
  expect(Number(lastSet(log, 'cmi.score.scaled'))).toBeCloseTo(raw / 100, 4);
  expect(lastSet(log, 'cmi.success_status')).toBe(raw >= 50 ? 'passed' : 'failed');
  expect(lastSet(log, 'cmi.session_time')).toMatch(/^PT(\d+H)?(\d+M)?\d+S$/);
  expect(log.commits).toBeGreaterThanOrEqual(2);
  // the runtime holds them too, as the LMS would store them
  const cmi = await page.evaluate(() => {
    const api = (window as unknown as { API_1484_11: Scorm2004API }).API_1484_11;
    return { completion: api.cmi.completion_status, success: api.cmi.success_status, raw: api.cmi.score.raw };
  });
  expect(cmi).toEqual({ completion: 'completed', success: raw >= 50 ? 'passed' : 'failed', raw: String(raw) });
  await context.close();
});

test('SCORM 1.2: a tenant user’s call (the LMS id is their e-mail) is reported as lesson status and raw score', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`${lmsUrl}/course?version=1.2&package=p12&learner=REP%40demo.test&name=Demo%20Rep`);
  const spar = page.frameLocator('#sco').frameLocator('#spar-frame');
  await holdCallInFrame(spar);
  await expect
    .poll(async () => lastSet(await lmsLog(page), 'cmi.core.lesson_status'), { timeout: 90_000 })
    .toMatch(/^(passed|failed)$/);
  const log = await lmsLog(page);
  const raw = Number(lastSet(log, 'cmi.core.score.raw'));
  // a passing score of 100: only a perfect call passes
  expect(lastSet(log, 'cmi.core.lesson_status')).toBe(raw >= 100 ? 'passed' : 'failed');
  expect(lastSet(log, 'cmi.core.session_time')).toMatch(/^\d{4}:\d{2}:\d{2}\.\d{2}$/);
  await context.close();
});

test('a manager exports a certification from its page: accounts by default, a warning for guests', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    baseURL: own.baseURL,
    storageState: await own.signIn('manager@demo.test'),
    viewport: { width: 375, height: 812 },
  });
  // a certification of one step (the simulation), made through the API as the manager
  const api = await request.newContext({
    baseURL: own.baseURL,
    storageState: await own.signIn('manager@demo.test'),
    extraHTTPHeaders: { Origin: own.baseURL },
  });
  const made = await api.post('/trpc/certifications.create', {
    data: {
      name: 'Discovery ready',
      description: '',
      expiryMonths: null,
      maxAttempts: null,
      steps: [
        {
          simulationId: await seededSimulationId(own.baseURL, SIMULATION, await own.signIn('manager@demo.test')),
          minScore: 50,
          minLevels: [],
          evidenceRequired: false,
        },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const certificationId = ((await made.json()) as { result: { data: { id: string } } }).result.data.id;
  await api.dispose();
  const page = await context.newPage();
  await page.goto(`/certifications/${certificationId}`);
  await page.getByRole('button', { name: 'Export for LMS (SCORM)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export for LMS (SCORM)' });
  await expect(dialog.getByLabel('Title in the LMS')).toHaveValue('Discovery ready');
  await expect(dialog.getByRole('radio', { name: 'Create a Spar account for them' })).toBeChecked();
  const warning = dialog.getByText(
    'A certification needs an account: under this choice, learners without a Spar account are refused.',
  );
  await expect(warning).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Let them practise as guests (no account)' }).check();
  await expect(warning).toBeVisible();
  await dialog.getByRole('radio', { name: 'Create a Spar account for them' }).check();
  await expect(dialog.getByTestId('scorm-packages')).toContainText('No SCORM package has been exported yet.');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Create and download' }).click();
  const zip = unzipSync(new Uint8Array(readFileSync(await (await download).path())));
  expect(Buffer.from(zip['imsmanifest.xml']).toString('utf8')).toContain('<title>Discovery ready</title>');
  await expect(dialog.getByTestId('scorm-package-row')).toHaveCount(1);
  await expect(dialog.getByTestId('scorm-package-row')).toContainText('Active');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
});

test('outside an LMS, and once revoked, the package says so in the learner’s language', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  // no runtime API above the package's page
  await page.goto(`${lmsUrl}/package/p2004/index.html`);
  await expect(page.getByRole('status')).toHaveText(/^Este ejercicio debe abrirse desde tu sistema de aprendizaje/);

  // the manager revokes the 2004 package from the exercise's list, confirming
  const manager = await browser.newContext({
    baseURL: own.baseURL,
    storageState: await own.signIn('manager@demo.test'),
    viewport: { width: 375, height: 812 },
  });
  const admin = await manager.newPage();
  await admin.goto('/simulations');
  await admin.getByRole('button', { name: `Export ${SIMULATION} for an LMS (SCORM)` }).click();
  const dialog = admin.getByRole('dialog', { name: `Export ${SIMULATION} for an LMS (SCORM)` });
  const row = dialog.getByTestId('scorm-package-row').filter({ hasText: '(p2004)' });
  await row.getByRole('button', { name: `Revoke the package “${SIMULATION} (p2004)”` }).click();
  await admin.getByRole('dialog', { name: 'Revoke this package?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await manager.close();

  await page.goto(`${lmsUrl}/course?version=2004&package=p2004&learner=lms-learner-2004&name=Lee%20Park`);
  await expect(page.frameLocator('#sco').getByRole('status')).toHaveText(
    'Su propietario retiró este paquete. Pide uno nuevo al administrador del curso.',
  );

  // the admin's LMS page lists the package as revoked, and the launch log says why it was refused
  const adminContext = await browser.newContext({
    baseURL: own.baseURL,
    storageState: await own.signIn('admin@demo.test'),
    viewport: { width: 1440, height: 900 },
  });
  const lmsPage = await adminContext.newPage();
  await lmsPage.goto('/admin?tab=lms');
  const listed = lmsPage.getByTestId('scorm-packages').getByTestId('scorm-package-row').filter({ hasText: '(p2004)' });
  // a direct load brings the admin page, then the LMS tab's screens and texts, then their lists
  await expect(listed).toContainText('Revoked', { timeout: 20_000 });
  await expect(listed).toContainText(SIMULATION);
  await expect(lmsPage.getByTestId('launch-error').first()).toHaveText(
    'This package was withdrawn by its owner. Ask your course administrator for a new one.',
  );
  await adminContext.close();
  await context.close();
});
