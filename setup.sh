#!/usr/bin/env bash
# One-time set-up on a fresh machine: system packages (see scripts/install-system-deps.sh), npm
# dependencies, and the compiled JavaScript in dist/ that production runs (npm run build).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/install-system-deps.sh
npm install --no-audit --no-fund
npm run build
