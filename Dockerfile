# Imprint container image, in two stages: `build` installs every npm dependency and compiles the
# TypeScript to dist/; the runtime stage holds the production dependencies, dist/, the bundled
# fonts and ICC profiles, Ghostscript (CMYK PDFs) and system fonts, and runs as the unprivileged
# `node` user. One image runs both `imprint serve` (default) and `imprint worker`.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Compilers for native modules whose prebuilt binary is not available for the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The TypeScript client is a workspace: `imprint batch` uses it.
COPY clients/typescript/package.json ./clients/typescript/
# npm install, not npm ci: the lock file lacks other platforms' optional packages (see .ci/run).
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY clients/typescript/tsconfig.build.json ./clients/typescript/
COPY clients/typescript/src ./clients/typescript/src
# The editor (web/) is built into dist/web; its build reads the layer registry through this script.
COPY web ./web
COPY scripts/print-editor-specs.ts ./scripts/
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  IMPRINT_DATA_DIR=/data
RUN apt-get update \
  && apt-get install -y --no-install-recommends ghostscript ffmpeg fontconfig fonts-dejavu-core fonts-liberation2 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data \
  && chown node:node /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/clients/typescript/package.json ./clients/typescript/
COPY --from=build /app/clients/typescript/dist ./clients/typescript/dist
COPY bin ./bin
COPY assets ./assets
COPY scripts/healthcheck.mjs ./scripts/healthcheck.mjs
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "scripts/healthcheck.mjs"]
ENTRYPOINT ["node", "bin/imprint.mjs"]
CMD ["serve"]
