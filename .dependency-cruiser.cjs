/** Import rules of DESIGN.md's layout table: each folder may import only what the table allows. */
module.exports = {
  forbidden: [
    {
      name: 'render-is-pure',
      comment: 'render/ is the pure engine: no database, storage, queue, network or API code.',
      severity: 'error',
      from: { path: '^src/render/' },
      to: { path: '^src/(store|storage|queue|net|webhooks|api|worker|cli|main)' },
    },
    {
      name: 'render-only-through-index',
      comment:
        'Outside render/, the engine is imported only through render/index.ts, its public API (tests and benchmarks may reach inside).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/render/' },
      to: { path: '^src/render/', pathNot: '^src/render/index\\.ts$' },
    },
    {
      name: 'render-no-io-modules',
      comment:
        'render/ never touches the file system or the network itself (except to read its bundled fonts and ICC profiles).',
      severity: 'error',
      from: {
        path: '^src/render/',
        pathNot:
          '^src/render/(fonts/(bundled-fonts|font-library)|cli|output/icc-profile-files|svg/resvg-files)',
      },
      to: {
        path: '^(fs|node:fs|fs/promises|node:fs/promises|http|node:http|https|node:https|net|node:net|undici|pg|better-sqlite3|kysely)$',
      },
    },
    {
      name: 'core-uses-ports-only',
      comment: 'core/ depends on port types, never on adapters.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(store|storage/(local|s3)|queue/(local|bullmq)|api|worker|cli|main)' },
    },
    {
      name: 'render-no-node-io',
      comment:
        'render/ reads no files and opens no sockets (child processes such as Ghostscript are allowed).',
      severity: 'error',
      from: {
        path: '^src/render/',
        pathNot:
          '^src/render/(fonts/(bundled-fonts|font-library)|output/icc-profile-files|svg/resvg-files)',
      },
      to: { dependencyTypes: ['core'], path: '^(fs|fs/promises|http|https|net|dgram|dns|tls)$' },
    },
    {
      name: 'config-is-a-leaf',
      comment: 'config.ts imports nothing from src.',
      severity: 'error',
      from: { path: '^src/config\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'api-not-adapters',
      comment:
        'api/ talks to core and ports (never the database or an adapter); adapters are picked in main/cli only.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/(cli|main|worker|store|queue/(local|bullmq)|storage/(local|s3))' },
    },
    {
      name: 'only-composition-root-picks-adapters',
      comment: 'Only main.ts and cli/ import the concrete queue and storage adapters.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(main\\.ts|cli/|queue/|storage/|worker/)' },
      to: { path: '^src/(queue/(local|bullmq)|storage/(local|s3))/' },
    },
    {
      name: 'video-is-an-adapter',
      comment:
        'video/ is the adapter of the VideoComposer port: it knows ffmpeg, core/ports and the render API, never the database, queue, storage, network or HTTP layer.',
      severity: 'error',
      from: { path: '^src/video/' },
      to: { path: '^src/(api|store|queue|storage|net|webhooks|worker|cli|main)' },
    },
    {
      name: 'only-composition-root-picks-the-video-composer',
      comment:
        'Only main.ts, cli/ and worker/ import the ffmpeg composer; the rest uses the VideoComposer port.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(main\\.ts|cli/|worker/|video/)' },
      to: { path: '^src/video/' },
    },
    {
      name: 'fonts-parsed-in-isolation',
      comment:
        'fontkit can end the process on a hostile font: only the font checker child process (worker/font-check-process.ts, through core/font-parse.ts) may run it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(core/font-parse|worker/font-check-process)\\.ts$' },
      to: { path: '(^src/core/font-parse\\.ts$|node_modules/fontkit/)' },
    },
    {
      name: 'prom-client-in-its-adapter',
      comment:
        'Only the metrics adapter imports prom-client; everything else records through the Metrics port (core/metrics.ts).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/metrics/prometheus-metrics\\.ts$' },
      to: { path: 'node_modules/prom-client/' },
    },
    {
      name: 'screenshots-picked-by-composition-root',
      comment:
        'The Chromium adapter (screenshots/) is picked in main.ts only; everything else takes the PageScreenshots port.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(main\\.ts|screenshots/)' },
      to: { path: '^src/screenshots/' },
    },
    {
      name: 'screenshots-is-an-adapter',
      comment:
        'screenshots/ implements a port with Chromium and the outbound address policy: it reaches core ports and net/, nothing else of the service.',
      severity: 'error',
      from: { path: '^src/screenshots/' },
      to: { path: '^src/(api|cli|worker|store|storage|queue|webhooks|render|main)' },
    },
    {
      name: 'playwright-in-its-adapter',
      comment: 'Only the screenshot adapter drives the browser.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/screenshots/' },
      to: { path: 'node_modules/playwright-core/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles. A cycle of type-only imports is erased at compile time and allowed: a port in core/ports/ names the domain types of the module whose use cases take that port.',
      severity: 'error',
      from: {},
      to: { circular: true, via: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
