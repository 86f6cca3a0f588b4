import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { holdCall, seededSimulationId } from './call-helpers';
import { chromiumWithMicrophone } from '../../scripts/lib/chromium';
import { createDemoUser, devToken, expect, h1, signedInState, test } from './fixtures';

// A seeded English simulation (seed/simulations.ts). The e2e server has no OPENAI_API_KEY: the
// call runs in offline practice mode and the report is scored by the offline evaluator.
const SIMULATION = 'Discovery call with a busy VP of Sales';

// A fake microphone, so the call is recorded and a quote can move the player.
test.use({
  launchOptions: chromiumWithMicrophone(path.resolve('tests/fixtures/audio/rep-hello.wav')),
});

const REP_TURNS = [
  'Hi Derek, thanks for taking my call. What prompted you to look at your forecasting process now?',
  'How do your managers build the forecast today, and what happens when a deal slips?',
  'So if I understand you correctly, the spreadsheet costs your team hours every week and the board wants accuracy. Is that right?',
  'Could we book thirty minutes next Tuesday at 10 with your RevOps lead to walk through a demo?',
];

test.describe('Report after an offline practice call', () => {
  test.use({ userType: 'sales_rep' });
  test('wait screen, report, a quote jumps into the call, HTML download opens', async ({
    page,
    baseURL,
    context,
    browser,
    api,
  }) => {
    test.setTimeout(90_000);
    const id = await seededSimulationId(baseURL!, SIMULATION);
    await page.goto(`/exercise/${id}`);
    await holdCall(page, REP_TURNS);
    await expect(page.getByTestId('recording-status')).toHaveText('The call recording was saved for your report.', {
      timeout: 20_000,
    });

    // this page's own call (not "the rep's newest": other tests make calls as the same rep in parallel)
    const open = page.getByRole('link', { name: 'Open the report' });
    const href = (await open.getAttribute('href'))!;
    const callId = /^\/reports\/([0-9a-f-]{36})$/.exec(href)![1];

    await page.goto(`/reports/${callId}`);
    await expect(h1(page)).toHaveText('Call report');
    // the wait screen (while the job runs) or, when the offline evaluator was quicker, the report itself
    const score = page.getByTestId('report-score');
    await expect(page.getByRole('heading', { name: 'Generating your report…' }).or(score)).toBeVisible();
    if (await page.getByTestId('report-wait').isVisible()) {
      await expect(
        page.getByText("Your call is saved. You can leave this page; the report will be here when it's ready."),
      ).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Report progress' })).toBeVisible();
      await expect(page.getByTestId('report-phase')).toHaveText(/\w+/);
      // the call's end queued the evaluation: nothing to start by hand
      await expect(page.getByRole('button', { name: 'Generate the report' })).toHaveCount(0);
    }

    await expect(score).toHaveText(/^\d+(\.\d)?\/100$/, { timeout: 30_000 });
    await expect(page.getByTestId('report-simulation')).toHaveText(SIMULATION);
    await expect(page.getByTestId('evaluator-label')).toHaveText('Scored offline by rules (no AI model configured)');
    // an offline score is labelled heuristic, and offline quotes are the transcript's sentences: no integrity to show
    await expect(page.getByTestId('heuristic-badge')).toHaveText('Heuristic score');
    await expect(page.getByTestId('evidence-integrity')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Scorecard evaluation' })).toBeVisible();
    expect(await page.getByTestId('criterion').count()).toBeGreaterThan(0);
    // "Areas to work on" lists exactly the criteria below 2
    const levels = await page
      .getByTestId('criterion')
      .evaluateAll((cards) =>
        cards.map((c) => /([012])\/2/.exec(c.querySelector('.mantine-Badge-root')?.textContent ?? '')?.[1] ?? null),
      );
    const below2 = levels.filter((l) => l === '0' || l === '1').length;
    await expect(page.getByRole('heading', { name: 'Areas to work on' })).toBeVisible();
    if (below2 > 0) await expect(page.getByTestId('areas-to-work-on').getByRole('listitem')).toHaveCount(below2);
    else await expect(page.getByTestId('areas-none')).toHaveText('None: every assessed criterion is at level 2.');
    const reportTranscript = page.getByTestId('transcript');
    for (const text of REP_TURNS) await expect(reportTranscript).toContainText(text);
    await expect(page.getByRole('heading', { name: 'Conversation analytics' })).toBeVisible();
    // a rep reads their report but does not review it
    await expect(page.getByRole('button', { name: /^Review the level of/ })).toHaveCount(0);

    // an evidence quote jumps to its moment: the transcript turn is highlighted, and the player (if a recording was saved) moves there
    // the last quote: a later turn, so its moment is well past 0:00
    const quote = page.getByTestId('evidence-quote').last();
    await expect(quote).toBeVisible();
    const label = (await quote.getAttribute('aria-label')) ?? '';
    const quoted = /“(.*)”$/.exec(label)?.[1] ?? '';
    expect(quoted.length).toBeGreaterThan(0);
    await quote.focus();
    await page.keyboard.press('Enter');
    const highlighted = reportTranscript.locator('[data-highlighted="true"]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toHaveAttribute('data-speaker', 'rep');
    await expect(highlighted).toContainText(quoted.slice(0, 15));
    const audio = page.getByTestId('report-audio');
    await expect(audio).toHaveCount(1);
    const [m, sec] = (/(\d+):(\d{2}):/.exec(label) ?? ['', '0', '0']).slice(1).map(Number);
    const target = m * 60 + sec;
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => Math.floor(el.currentTime)), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(target);
    expect(target).toBeGreaterThan(0);

    // the HTML download, opened from disk
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download HTML' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(
      /^spar-report-discovery-call-with-a-busy-vp-of-sales-\d{4}-\d{2}-\d{2}\.html$/,
    );
    const file = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script/i);
    const scoreText = (await score.textContent())!;
    const opened = await context.newPage();
    await opened.goto(pathToFileURL(file).href);
    await expect(opened.getByRole('heading', { level: 1 })).toHaveText(`Call report: ${SIMULATION}`);
    await expect(opened.getByText(scoreText, { exact: true })).toBeVisible();
    await expect(opened.getByRole('heading', { name: 'Transcript' })).toBeVisible();
    await expect(opened.getByText('Heuristic score', { exact: true })).toBeVisible();
    await opened.close();

    // the same report as a model evaluation stores it (this server has no model: the page is given
    // the stored shape): integrity in the header, rejected quotes and "no evidence" per criterion
    const modelView = await context.newPage();
    await modelView.route(/\/trpc\/[^?]*reports\.get/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { result?: { data?: ModelShapedView } }[];
      for (const item of body) if (item.result?.data?.report) asModelReport(item.result.data);
      await route.fulfill({ response: res, json: body });
    });
    await modelView.goto(`/reports/${callId}`);
    await expect(modelView.getByTestId('criterion').first()).toBeVisible();
    const verified = await modelView.getByTestId('evidence-quote').count();
    await expect(modelView.getByTestId('evidence-integrity')).toHaveText(
      `Evidence integrity: ${verified} of ${verified + 2} quotes verified`,
    );
    await expect(modelView.getByTestId('heuristic-badge')).toHaveCount(0);
    const first = modelView.getByTestId('criterion').first();
    const firstVerified = await first.getByTestId('evidence-quote').count();
    await expect(first.getByTestId('quote-count')).toHaveText(
      `${firstVerified} of ${firstVerified + 1} quotes verified`,
    );
    await expect(first.getByTestId('rejected-quote')).toHaveText(
      '“What is your budget for next year?” turn 3 · not found in the rep’s words',
    );
    const unbacked = modelView.getByTestId('criterion').nth(1);
    await expect(unbacked.getByTestId('no-evidence')).toContainText(
      'Level 0: no evidence in the transcript. The model proposed level 2',
    );
    await expect(unbacked.getByTestId('rejected-quote')).toContainText('said by the prospect, not the rep');
    await modelView.close();

    // a manager of the tenant reviews a criterion of this report: note required, score recomputed, history kept
    const manager = await browser.newContext({
      storageState: await signedInState(baseURL!, await createDemoUser(baseURL!, { userType: 'manager' })),
      baseURL,
    });
    const mpage = await manager.newPage();
    await mpage.goto(`/reports/${callId}`);
    const firstCriterion = mpage.getByTestId('criterion').first();
    const name = (await firstCriterion.getByRole('heading', { level: 3 }).textContent())!;
    await firstCriterion.getByRole('button', { name: `Review the level of “${name}”` }).click();
    const dialog = mpage.getByRole('dialog', { name: `Review “${name}”` });
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await expect(dialog.getByText('A note is required to change a level')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Reviewed against the recording');
    // pick a level other than the current one, as a reviewer does
    const current = Number(/Level (\d)/.exec((await dialog.getByText(/^Current level:/).textContent()) ?? '')?.[1]);
    await dialog
      .getByRole('radiogroup', { name: 'New level' })
      .getByText(`Level ${current === 0 ? 2 : 0}`, { exact: true })
      .click();
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await expect(dialog).toBeHidden();
    await expect(mpage.getByText(/^Level changed\. The score is now \d+(\.\d)?\/100\.$/)).toBeVisible();
    await expect(mpage.getByTestId('override-history')).toContainText('Reviewed against the recording');
    await expect(firstCriterion.getByTestId('original-level')).toBeVisible();
    await expect(mpage.getByText(`Originally ${scoreText} before manager review`)).toBeVisible();
    // the summary follows the reviewed level: raised to 2 it is a strength and no longer an area to
    // work on; lowered to 0 it is an area to work on and no longer a strength
    const strengths = mpage.getByRole('region', { name: 'Strengths' });
    if (current === 0) {
      await expect(strengths).toContainText(name);
      await expect(mpage.getByTestId('areas-to-work-on').filter({ hasText: name })).toHaveCount(0);
    } else {
      await expect(mpage.getByTestId('areas-to-work-on')).toContainText(name);
      await expect(strengths).not.toContainText(name);
    }
    // the reviewed score everywhere: the score ring, and the HTML download
    const reviewedText = /The score is now (\d+(?:\.\d)?\/100)/.exec(
      (await mpage.getByText(/^Level changed\./).textContent()) ?? '',
    )![1];
    await expect(mpage.getByTestId('report-score')).toHaveText(reviewedText);
    const reviewedHtml = await (await manager.request.get(`/api/v1/reports/${callId}/download?lang=en`)).text();
    expect(reviewedHtml).toContain(`${reviewedText}</span> <span class="badge">Heuristic score</span>`);
    expect(reviewedHtml).toContain(`Originally ${scoreText} before manager review`);

    // two reviewers at once: an admin changes the second criterion while the manager's dialog is open
    const second = mpage.getByTestId('criterion').nth(1);
    const name2 = (await second.getByRole('heading', { level: 3 }).textContent())!;
    const criterionId = (await second.getAttribute('aria-labelledby'))!.replace(/^criterion-/, '');
    await second.getByRole('button', { name: `Review the level of “${name2}”` }).click();
    const dialog2 = mpage.getByRole('dialog', { name: `Review “${name2}”` });
    const seen = Number(/Level (\d)/.exec((await dialog2.getByText(/^Current level:/).textContent()) ?? '')?.[1]);
    const other = seen === 0 ? 2 : 0;
    const adminAuth = {
      Authorization: `Bearer ${await devToken(api, await createDemoUser(baseURL!, { userType: 'admin' }))}`,
    };
    const meanwhile = await api.post('/trpc/reports.override', {
      headers: adminAuth,
      data: { callId, criterionId, level: other, note: 'Changed by the admin meanwhile', fromLevel: seen },
    });
    expect(meanwhile.status()).toBe(200);
    await dialog2.getByRole('textbox', { name: 'Note' }).fill('My own review');
    await dialog2.getByRole('radiogroup', { name: 'New level' }).getByText(`Level ${other}`, { exact: true }).click();
    await dialog2.getByRole('button', { name: 'Save change' }).click();
    await expect(
      mpage.getByText(
        'Someone else changed this level meanwhile. The report now shows the current level; review it again if needed.',
      ),
    ).toBeVisible();
    await expect(dialog2).toBeHidden();
    await expect(mpage.getByTestId('override-history')).toContainText('Changed by the admin meanwhile');
    await expect(mpage.getByTestId('override-history')).not.toContainText('My own review');
    await manager.close();
  });
});

type ModelShapedView = {
  report: {
    evaluator: string | null;
    model: string | null;
    integrity: { verified: number; proposed: number } | null;
    criteria: {
      level: number | null;
      originalLevel: number | null;
      proposedLevel: number | null;
      note: string | null;
      evidence: unknown[];
      rejected: { quote: string; turnSeq: number | null; reason: string }[];
    }[];
  } | null;
};

/** Rewrites an offline report view into what a model evaluation stores: one refused quote on the first criterion, the second criterion unbacked. */
function asModelReport(view: ModelShapedView) {
  const r = view.report!;
  r.evaluator = 'model';
  r.model = 'gpt-4.1';
  r.criteria.forEach((c, i) => {
    c.proposedLevel = c.level;
    if (i === 0) c.rejected = [{ quote: 'What is your budget for next year?', turnSeq: 3, reason: 'not_found' }];
    if (i === 1)
      Object.assign(c, {
        level: 0,
        originalLevel: 0,
        proposedLevel: 2,
        note: 'no_evidence',
        evidence: [],
        rejected: [{ quote: 'We already use spreadsheets for that', turnSeq: 2, reason: 'prospect_turn' }],
      });
  });
  const verified = r.criteria.reduce((a, c) => a + c.evidence.length, 0);
  r.integrity = { verified, proposed: verified + r.criteria.reduce((a, c) => a + c.rejected.length, 0) };
}

test.describe('Report page access', () => {
  test.use({ userType: 'sales_rep' });

  test('an unknown report says so', async ({ page }) => {
    await page.goto('/reports/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('This report does not exist, or you do not have access to it.')).toBeVisible();
  });
});
