// A node:test reporter that writes how long each test file took (the sum of its top-level tests,
// which run one after another inside the file's process), slowest first. `npm test` adds it when
// TEST_FILE_TIMES names a file: TEST_FILE_TIMES=times.txt npm test (docs/development.md).
export default async function* fileTimes(source) {
  const perFile = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (!file || nesting !== 0 || !details) continue;
    perFile.set(file, (perFile.get(file) ?? 0) + details.duration_ms);
  }
  const rows = [...perFile].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  yield `${(total / 1000).toFixed(1)} s in ${rows.length} files (sum of file times)\n`;
  for (const [file, ms] of rows) {
    yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${file.replace(process.cwd() + '/', '')}\n`;
  }
}
