#!/usr/bin/env bash
# Fast checks: typecheck, lint, i18n completeness, no citations of outside documents, service
# functions of more than three parameters take one options object, import rules
# (.dependency-cruiser.cjs: no cycles, the layers), one format (Prettier, .prettierrc.json), no unused
# files, exports or dependencies (knip, knip.jsonc) — run in parallel, fail if any fails.
set -u
cd "$(dirname "$0")/.."
mkdir -p node_modules/.cache
tmp=$(mktemp -d)
( npx --no-install tsc --noEmit -p tsconfig.json >"$tmp/tsc" 2>&1; echo $? >"$tmp/tsc.rc" ) &
( npx --no-install eslint --cache --cache-location node_modules/.cache/eslint --max-warnings 0 . >"$tmp/lint" 2>&1; echo $? >"$tmp/lint.rc" ) &
( npx --no-install tsx scripts/check-i18n.ts >"$tmp/i18n" 2>&1; echo $? >"$tmp/i18n.rc" ) &
( npx --no-install tsx scripts/check-references.ts >"$tmp/references" 2>&1; echo $? >"$tmp/references.rc" ) &
( npx --no-install tsx scripts/check-service-params.ts >"$tmp/params" 2>&1; echo $? >"$tmp/params.rc" ) &
( npx --no-install depcruise --config .dependency-cruiser.cjs --ts-pre-compilation-deps --ts-config tsconfig.json --output-type err server client db seed scripts >"$tmp/depcruise" 2>&1; echo $? >"$tmp/depcruise.rc" ) &
( npx --no-install prettier --check --log-level warn . >"$tmp/format" 2>&1; echo $? >"$tmp/format.rc" ) &
( npx --no-install knip --no-progress --reporter compact >"$tmp/knip" 2>&1; echo $? >"$tmp/knip.rc" ) &
wait
status=0
for step in tsc lint i18n references params depcruise format knip; do
  rc=$(cat "$tmp/$step.rc")
  if [ "$rc" != "0" ]; then
    echo "== $step failed =="; grep -v 'Unknown user config' "$tmp/$step" | tail -n 40; status=1
  else
    echo "$step: ok"
  fi
done
rm -rf "$tmp"
exit $status
