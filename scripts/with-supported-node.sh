#!/usr/bin/env bash
# Runs its arguments with a supported Node.js (22 or newer) first on the PATH. Where the
# system's node is older or missing, npm fetches the `node` package (the same version range as
# package.json's devDependency) from the registry and runs the command with its binary, so
# `npm install` itself runs on Node 24: native modules install for it and no engine warnings.
# After `npm install`, npm scripts need none of this: node_modules/.bin/node comes first there.
set -euo pipefail
cd "$(dirname "$0")/.."
major=0
if command -v node >/dev/null 2>&1; then
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
fi
if [ "$major" -ge 22 ]; then
  exec "$@"
fi
range=$(grep -o '"node": "\^[0-9][^"]*"' package.json | head -n 1 | cut -d'"' -f4)
echo "System Node.js is ${major:-missing} (22 or newer is needed): running on node@${range} from the npm registry." >&2
exec npm exec --yes --package="node@${range}" -- "$@"
