#!/usr/bin/env bash
# One-time set-up on a fresh machine: system packages (see scripts/install-system-deps.sh), npm
# dependencies (on Node 24 from the npm registry where the system's Node is older than 22: see
# scripts/with-supported-node.sh), and the compiled JavaScript in dist/ that production runs.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/install-system-deps.sh
bash scripts/with-supported-node.sh npm install --no-audit --no-fund
npm run build
