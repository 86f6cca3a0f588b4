import { noHorizontalOverflow, seededSimulationId } from './call-helpers';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { INSTRUCTOR, startLtiPlatform, type LtiTestPlatform } from '../helpers/lti-platform';

/**
 * Spar as an LTI 1.3 tool in a browser, end to end: a learning platform on loopback
 * (tests/helpers/lti-platform.ts, following the IMS documents) and a server of our own (it needs
 * ENCRYPTION_KEY for its signing key, and may call the platform on loopback). The admin registers
 * the platform in Admin → LMS; an instructor adds a simulation through deep linking; a learner
 * launches it from the course, holds a typed call with the offline prospect, sees the report, and
 * the platform receives the score through the grade service; "Return to course" goes back.
 */

const SIMULATION = 'Discovery call with a busy VP of Sales';
let own: OwnServer;
let platform: LtiTestPlatform;
let simulationId: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  own = await startOwnServer(
    'lti',
    { ENCRYPTION_KEY: 'e2e-encryption-key-0123456789-abcdefghijkl', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' },
    { healthTimeoutMs: 150_000 },
  );
  platform = await startLtiPlatform({ clientId: 'spar-e2e-client', deploymentId: 'dep-e2e' });
  simulationId = await seededSimulationId(own.baseURL, SIMULATION, await own.signIn('manager@demo.test'));
});

test.afterAll(async () => {
  await platform?.stop();
  await own?.stop();
});

test('the admin registers the platform in Admin → LMS and copies the tool addresses', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: own.baseURL,
    storageState: await own.signIn('admin@demo.test'),
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/admin?tab=lms');
  await expect(page.getByRole('heading', { name: 'LTI 1.3 platforms' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('lti-launch-url')).toHaveValue(`${own.baseURL}/api/v1/lti/launch`);
  const jwksUrl = await page.getByTestId('lti-jwks-url').inputValue();
  expect(jwksUrl).toMatch(new RegExp(`^${own.baseURL}/api/v1/lti/jwks/[0-9a-f-]{36}$`));

  await page.getByRole('button', { name: 'Register a platform' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register an LTI platform' });
  // a mistake is said next to its field, in words
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a name')).toBeVisible();
  await dialog.getByLabel('Name').fill('Course platform');
  await dialog.getByLabel('Issuer (platform ID)').fill(platform.issuer);
  await dialog.getByLabel('Client ID').fill(platform.clientId);
  await dialog.getByLabel('Deployment IDs').fill(platform.deploymentId);
  await dialog.getByLabel('Authentication request URL').fill(platform.authUrl);
  await dialog.getByLabel('Access token URL').fill(platform.tokenUrl);
  await dialog.getByLabel('Public keyset URL').fill(platform.jwksUrl);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Platform registered')).toBeVisible();
  const card = page.getByTestId('lti-platform').filter({ hasText: 'Course platform' });
  await expect(card.getByText('New accounts: Sales rep')).toBeVisible();
  const loginUrl = await card.getByTestId('lti-login-url').inputValue();
  expect(loginUrl).toMatch(new RegExp(`^${own.baseURL}/api/v1/lti/[0-9a-f-]{36}/login$`));
  platform.connect({ loginUrl, jwksUrl });
  await context.close();
});

test('an instructor adds the simulation to the course through deep linking', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(
    platform.prepare({
      messageType: 'LtiDeepLinkingRequest',
      sub: 'teacher-e2e',
      roles: [INSTRUCTOR],
      deepLinkData: 'course-101-slot-3',
    }),
  );
  await expect(page.getByRole('heading', { name: 'Add a Spar exercise' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('radio', { name: SIMULATION }).check();
  await page.getByRole('button', { name: 'Add to course' }).click();
  // Spar's signed answer is posted to the platform, which checks it against Spar's keys
  await expect(page.getByText(`Added: ${SIMULATION}`)).toBeVisible({ timeout: 15_000 });
  const got = platform.received.deepLinkResponses.at(-1)!;
  expect(got.error).toBeUndefined();
  expect(got.payload!['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe('course-101-slot-3');
  expect(got.payload!['https://purl.imsglobal.org/spec/lti-dl/claim/content_items']).toEqual([
    expect.objectContaining({ custom: { spar_target: `simulation:${simulationId}` } }),
  ]);
  await context.close();
});

test('a learner launches from the course, holds the call, and the platform receives the score', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(
    platform.prepare({
      sub: 'learner-e2e',
      name: 'Lia Learner',
      email: 'lia.learner@school.test',
      resourceLinkId: 'rl-e2e-discovery',
      resourceLinkTitle: 'Discovery practice',
      custom: { spar_target: `simulation:${simulationId}` },
    }),
  );
  // login → platform → launch → the learner page
  await expect(page).toHaveURL(new RegExp(`^${own.baseURL}/lms/launch/[0-9a-f-]{36}#`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: SIMULATION })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Welcome, Lia Learner.')).toBeVisible();

  await page.getByRole('button', { name: 'Start the exercise' }).click();
  await page.getByRole('button', { name: 'Allow microphone' }).click();
  await page.getByRole('button', { name: 'Continue without a microphone' }).click();
  await page.getByRole('button', { name: /^Start the call$|^Start call$/ }).click();
  const transcript = page.getByRole('log', { name: 'Live transcript' });
  const prospect = transcript.locator('[data-speaker="prospect"]');
  await expect(prospect.first()).toContainText(/\w{2,}/, { timeout: 20_000 });
  const input = page.getByRole('textbox', { name: 'Type what you would say and press Enter' });
  for (const line of [
    'Hi, thanks for taking my call. How does your team forecast revenue today?',
    'Could we book a 30 minute demo next Tuesday at 10am?',
  ]) {
    const before = await prospect.count();
    await input.fill(line);
    await input.press('Enter');
    await expect(prospect).toHaveCount(before + 1, { timeout: 20_000 });
  }
  await page.getByRole('button', { name: 'End call' }).click();

  await expect(page.getByTestId('launch-sent')).toHaveText('Your score has been sent to your course.', {
    timeout: 60_000,
  });
  // the grade job: a token with Spar's client assertion, the line item made for the link, the score
  await expect.poll(() => platform.received.scores.length, { timeout: 30_000 }).toBe(1);
  const score = platform.received.scores[0];
  expect(score.contentType).toBe('application/vnd.ims.lis.v1.score+json');
  expect(score.body).toMatchObject({
    userId: 'learner-e2e',
    scoreMaximum: 100,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
  });
  expect(typeof score.body.scoreGiven).toBe('number');
  expect(platform.lineItems).toEqual([
    expect.objectContaining({ resourceLinkId: 'rl-e2e-discovery', scoreMaximum: 100, label: 'Discovery practice' }),
  ]);
  expect(platform.received.tokenRequests.at(-1)!.error).toBeUndefined();

  await page.getByRole('link', { name: 'Return to course' }).click();
  await expect(page.getByRole('heading', { name: 'Course home' })).toBeVisible();
  await context.close();
});

test('a forged launch is refused with a page that says why', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(
    platform.prepare({
      sub: 'intruder',
      resourceLinkId: 'rl-e2e-discovery',
      custom: { spar_target: `simulation:${simulationId}` },
      forge: { otherKey: true },
    }),
  );
  await expect(page.getByRole('heading', { name: 'Não foi possível abrir esta atividade' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('O lançamento não está assinado com as chaves do LMS.')).toBeVisible();
  await expect(page.getByText('lti.errors.signature')).toBeVisible();
  await context.close();
});

test('the admin reads the launch log and rotates the signing key, at 375 px', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: own.baseURL,
    storageState: await own.signIn('admin@demo.test'),
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  await page.goto('/admin?tab=lms');
  await expect(page.getByRole('heading', { name: 'Launch log' })).toBeVisible({ timeout: 20_000 });
  // the learner's launch, its score sent; the forged one refused, its reason in words
  const rows = page.getByTestId('launch-row');
  await expect(rows.filter({ hasText: 'Lia Learner' }).filter({ hasText: 'Completed' })).toContainText('Grade sent');
  await expect(rows.filter({ hasText: 'Refused' }).first()).toContainText(
    "The launch is not signed by the LMS's keys.",
  );
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Refused').click();
  await expect(rows.filter({ hasText: 'Completed' })).toHaveCount(0);
  await expect(rows.first()).toContainText('Refused');

  // one key signs; rotating asks first, then a new one signs and the old one stays published
  const keys = page.getByTestId('lms-keys').getByRole('row');
  await expect(keys.filter({ hasText: 'Signing' })).toHaveCount(1);
  const before = await keys.filter({ hasText: 'Signing' }).locator('code').innerText();
  await page.getByRole('button', { name: 'Rotate the key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate the signing key?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(keys.filter({ hasText: 'Signing' }).locator('code')).toHaveText(before);
  await page.getByRole('button', { name: 'Rotate the key' }).click();
  await dialog.getByRole('button', { name: 'Rotate', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(keys.filter({ hasText: 'Signing' }).locator('code')).not.toHaveText(before);
  await expect(keys.filter({ hasText: before })).toContainText('still published');
  // Spar's key set now holds both
  const jwks = (await (await fetch(await page.getByTestId('lti-jwks-url').inputValue())).json()) as {
    keys: { kid: string }[];
  };
  expect(jwks.keys.map((k) => k.kid)).toContain(before);
  expect(jwks.keys).toHaveLength(2);
  expect(await noHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: 'test-results/lms-admin-375.png', fullPage: true });
  await context.close();
});
