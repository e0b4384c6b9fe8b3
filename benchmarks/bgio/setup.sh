#!/usr/bin/env bash
# Installs boardgame.io 0.50.2, ws and socket.io-client from the npm registry into
# benchmarks/bgio/node_modules (git-ignored), exactly as package-lock.json pins them,
# for benchmarks/side_by_side.py. Needs node >= 18 and npm.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "node and npm are needed (Debian: apt-get install nodejs npm)" >&2
    exit 1
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
    echo "node $(node --version) is too old: 18 or later" >&2
    exit 1
fi
npm ci --no-audit --no-fund
node -e 'console.log("boardgame.io", require("boardgame.io/package.json").version, "ws", require("ws/package.json").version)'
