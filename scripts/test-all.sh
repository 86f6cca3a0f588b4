#!/usr/bin/env bash
# `npm test`: static checks, unit and integration tests (vitest), build, e2e (Playwright in the
# system Chromium). Runs every step it can, then prints "N passed, N failed" over all tests.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
if [ ! -x "$CHROMIUM" ]; then
  echo "ERROR: $CHROMIUM not found. The e2e tests use the system Chromium (Playwright never downloads one)." >&2
  echo "       Install it with:  apt-get install -y chromium" >&2
  exit 1
fi

REPORTS=tests/.tmp/reports
rm -rf "$REPORTS"
mkdir -p "$REPORTS"

failed_steps=()
started_all=$(date +%s)

section() { printf '\n==================== %s ====================\n' "$1"; }

# run_step NAME CMD... : runs the command, records a failure instead of exiting
run_step() {
  local name=$1; shift
  section "$name"
  local t0=$(date +%s) rc=0
  "$@" || rc=$?
  local dt=$(( $(date +%s) - t0 ))
  if [ "$rc" -eq 0 ]; then echo "--- $name: ok (${dt}s)"; else echo "--- $name: FAILED (exit $rc, ${dt}s)"; failed_steps+=("$name"); fi
  return 0
}

run_step "check (types, lint, i18n, references, import rules, format, unused code)" npm run -s check
run_step "unit tests" npm run -s test:unit -- --reporter=default --reporter=json --outputFile.json="$REPORTS/unit.json"
run_step "integration tests" npm run -s test:integration -- --reporter=default --reporter=json --outputFile.json="$REPORTS/integration.json"
run_step "build" npm run -s build
if [[ " ${failed_steps[*]-} " == *" build "* ]]; then
  section "bundle budget"
  echo "--- bundle budget: not run because the build failed"
  failed_steps+=("bundle budget")
else
  # what /login and /dashboard load, gzipped, against their budgets (scripts/bench/bundle-budget.ts)
  run_step "bundle budget" npm run -s check:bundle
fi
if [[ " ${failed_steps[*]-} " == *" build "* ]]; then
  section "e2e tests"
  echo "--- e2e tests: not run because the build failed"
  failed_steps+=("e2e tests")
else
  PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/e2e.json" run_step "e2e tests" npx --no-install playwright test --reporter=list,json
fi

section "summary"
# Counts from the JSON reports; a suite whose report is missing counts as one failure.
summary=$(node - "$REPORTS" <<'NODE'
const fs = require('node:fs');
const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0;
const read = (f) => { try { return JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8')); } catch { return null; } };
for (const [name, f] of [['unit', 'unit.json'], ['integration', 'integration.json']]) {
  const r = read(f);
  if (!r) { console.error(`${name}: no report`); failed += 1; continue; }
  const p = r.numPassedTests ?? 0, x = r.numFailedTests ?? 0, s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // a suite that failed to load has no failed test but is not a success either
  const broken = r.success === false && x === 0 ? 1 : 0;
  console.error(`${name}: ${p} passed, ${x + broken} failed${s ? `, ${s} skipped` : ''}`);
  passed += p; failed += x + broken; skipped += s;
}
const e = read('e2e.json');
if (!e) { console.error('e2e: no report'); failed += 1; }
else {
  const st = e.stats ?? {};
  const p = (st.expected ?? 0) + (st.flaky ?? 0), x = st.unexpected ?? 0, s = st.skipped ?? 0;
  const broken = (e.errors ?? []).length > 0 && x === 0 ? 1 : 0;
  console.error(`e2e: ${p} passed, ${x + broken} failed${s ? `, ${s} skipped` : ''}${st.flaky ? ` (${st.flaky} flaky)` : ''}`);
  passed += p; failed += x + broken; skipped += s;
}
if (skipped) console.error(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
NODE
)
echo "total time: $(( $(date +%s) - started_all ))s"
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "failed steps: ${failed_steps[*]}"
fi
echo "$summary"
if [ ${#failed_steps[@]} -gt 0 ] || [[ "$summary" != *" 0 failed" ]]; then
  exit 1
fi
