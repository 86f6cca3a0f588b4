/**
 * An exported function in server/services, server/evaluation or server/integrations with more than
 * three parameters takes one options object instead (run by `npm run check`): positional arguments
 * past three are easy to pass in the wrong order and unreadable at the call site. Every hit is
 * listed as file:line; exits 1 on any hit not in the allow-list below.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findWideFunctions } from './lib/service-params';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCOPE = ['server/services', 'server/evaluation', 'server/integrations'];

/** `file#function` → why it keeps its positional parameters. */
const ALLOWED: Record<string, string> = {
  'server/evaluation/evidence.ts#checkQuotes': 'not converted yet',
  'server/evaluation/offline/detectors.ts#verdict': 'not converted yet',
  'server/integrations/meeting-bots/provider.ts#providerRequest': 'not converted yet',
  'server/integrations/webhooks/sign.ts#webhookHeaders': 'not converted yet',
  'server/services/assessments/lifecycle.ts#emitAssessmentEvent': 'not converted yet',
  'server/services/assessments/lifecycle.ts#markAssessmentCallEnded': 'not converted yet',
  'server/services/assessments/read.ts#loadPartnerAssessment': 'not converted yet',
  'server/services/assignments/assignments.ts#getAssignment': 'not converted yet',
  'server/services/assignments/assignments.ts#createAssignment': 'not converted yet',
  'server/services/assignments/assignments.ts#updateAssignment': 'not converted yet',
  'server/services/assignments/exercise-progress.ts#startExercise': 'not converted yet',
  'server/services/assignments/mail.ts#mailMembers': 'not converted yet',
  'server/services/assignments/mine.ts#myAssignments': 'not converted yet',
  'server/services/assignments/reminders.ts#remindAssignment': 'not converted yet',
  'server/services/assignments/reminders.ts#dismissReminder': 'not converted yet',
  'server/services/auth/google.ts#finishGoogleSignIn': 'not converted yet',
  'server/services/calls/calls.ts#startCall': 'not converted yet',
  'server/services/calls/calls.ts#ticketHolder': 'not converted yet',
  'server/services/calls/calls.ts#failUnconnectedCall': 'not converted yet',
  'server/services/calls/calls.ts#setCallState': 'not converted yet',
  'server/services/calls/calls.ts#insertTurn': 'not converted yet',
  'server/services/calls/calls.ts#markTurnInterrupted': 'not converted yet',
  'server/services/calls/calls.ts#setTurnEnd': 'not converted yet',
  'server/services/calls/calls.ts#finishCall': 'not converted yet',
  'server/services/calls/leases.ts#renewLeases': 'not converted yet',
  'server/services/campaigns/campaigns.ts#createCampaign': 'not converted yet',
  'server/services/campaigns/generate.ts#generateLinks': 'not converted yet',
  'server/services/campaigns/lifecycle.ts#markMagicLinkSent': 'not converted yet',
  'server/services/campaigns/lifecycle.ts#markMagicLinkCallEnded': 'not converted yet',
  'server/services/knowledge/files.ts#setKnowledgeFileEnabled': 'not converted yet',
  'server/services/knowledge/search.ts#testSearch': 'not converted yet',
  'server/services/meetings/bots.ts#setTenantBotName': 'not converted yet',
  'server/services/meetings/bots.ts#botSettings': 'not converted yet',
  'server/services/meetings/bots.ts#chooseRep': 'not converted yet',
  'server/services/meetings/bots.ts#receiveBotWebhook': 'not converted yet',
  'server/services/meetings/meetings.ts#recordRealCall': 'not converted yet',
  'server/services/meetings/meetings.ts#scoreTranscript': 'not converted yet',
  'server/services/meetings/meetings.ts#onMeetingReport': 'not converted yet',
  'server/services/personas/personas.ts#updatePersona': 'not converted yet',
  'server/services/profile/profile.ts#changePassword': 'not converted yet',
  'server/services/scorecards/scorecards.ts#updateScorecard': 'not converted yet',
  'server/services/simulations/scenario-source.ts#loadGenerationBatch': 'not converted yet',
  'server/services/simulations/scenario-source.ts#resolveScenario': 'not converted yet',
  'server/services/simulations/simulations.ts#createSimulation': 'not converted yet',
  'server/services/simulations/simulations.ts#updateSimulation': 'not converted yet',
  'server/services/simulations/simulations.ts#duplicateSimulation': 'not converted yet',
  'server/services/simulations/simulations.ts#storeGeneratedScenario': 'not converted yet',
  'server/services/support/support.ts#createSupportRequest': 'not converted yet',
  'server/services/users/import-jobs.ts#importStatus': 'not converted yet',
  'server/services/users/import-rows.ts#validateRows': 'not converted yet',
  'server/services/users/users.ts#createManagedUser': 'not converted yet',
  'server/services/users/users.ts#updateManagedUser': 'not converted yet',
  'server/services/webhooks/endpoints.ts#createEndpoint': 'not converted yet',
};

const files = execFileSync('git', ['ls-files', '-z', '--', ...SCOPE], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|tsx|mts)$/.test(f) && !f.endsWith('.d.ts'));
const hits: string[] = [];
const allowed = new Set<string>();
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // tracked but deleted in the work tree
  }
  for (const fn of findWideFunctions(file, text)) {
    const key = `${file}#${fn.name}`;
    if (key in ALLOWED) allowed.add(key);
    else hits.push(`${file}:${fn.line}: ${fn.name} (${fn.params} parameters)`);
  }
}
const stale = Object.keys(ALLOWED).filter((key) => !allowed.has(key));

if (hits.length || stale.length) {
  if (hits.length) {
    console.error(
      `service parameters check failed: ${hits.length} exported function(s) take more than three parameters; take one options object:`,
    );
    for (const h of hits) console.error(`  - ${h}`);
  }
  if (stale.length) {
    console.error('allow-list entries that no longer match a wide function (remove them):');
    for (const s of stale) console.error(`  - ${s}`);
  }
  process.exit(1);
}
console.log(`service parameters ok: ${files.length} file(s) scanned, ${allowed.size} allowed`);
