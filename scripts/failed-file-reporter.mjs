// A node:test reporter for test files whose process failed on its own (a crash, a signal, an
// error after its tests ended) rather than in a test: node's spec reporter names such a file with
// only "test failed". This one prints, after the run, how the file's process ended and the last
// lines it wrote to stderr, so that a failure seen once in CI can be read from the end of its log.
import path from 'node:path';

const KEEP_LINES = 40;

export default async function* failedFiles(source) {
  const stderr = new Map();
  const failed = [];
  for await (const event of source) {
    if (event.type === 'test:stderr' && event.data.file) {
      // A stderr event names the file as given on the command line, a result by its full path.
      const file = path.resolve(event.data.file);
      const lines = stderr.get(file) ?? [];
      lines.push(...event.data.message.split('\n').filter((l) => l !== ''));
      stderr.set(file, lines.slice(-KEEP_LINES));
    }
    if (event.type !== 'test:fail' || event.data.nesting !== 0) continue;
    const error = event.data.details?.error;
    if (error?.failureType !== 'testCodeFailure' || !('exitCode' in error)) continue;
    failed.push({
      file: path.resolve(event.data.file),
      exitCode: error.exitCode,
      signal: error.signal,
    });
  }
  for (const { file, exitCode, signal } of failed) {
    const how = signal ? `was killed by ${signal}` : `exited with code ${exitCode}`;
    const lines = stderr.get(file) ?? [];
    yield (
      `\n== ${file.replace(`${process.cwd()}/`, '')}: its process ${how}; ` +
      `${lines.length ? `its last stderr lines:\n${lines.map((l) => `   ${l}`).join('\n')}` : 'it wrote nothing to stderr'}\n`
    );
  }
}
