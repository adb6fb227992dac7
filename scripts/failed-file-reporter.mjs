// A node:test reporter for test files whose process failed on its own (a crash, a signal, an
// error after its tests ended) rather than in a test: node's spec reporter names such a file with
// only "test failed". This one prints, after the run, how the file's process ended, node's notes
// on the file (such as an error thrown by something a test left running), and the last lines the
// file wrote to stderr, so that a failure seen once in CI can be read from the end of its log.
import path from 'node:path';

const KEEP_LINES = 40;
const KEEP_NOTES = 10;

export default async function* failedFiles(source) {
  const stderr = new Map();
  const notes = new Map();
  const failed = [];
  for await (const event of source) {
    if (event.type === 'test:diagnostic' && event.data.file && event.data.nesting === 0) {
      const file = path.resolve(event.data.file);
      notes.set(file, [...(notes.get(file) ?? []), event.data.message].slice(-KEEP_NOTES));
    }
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
    const said = (notes.get(file) ?? []).map((n) => `   node: ${n}\n`).join('');
    const lines = stderr.get(file) ?? [];
    const wrote = lines.length
      ? `its last stderr lines:\n${lines.map((l) => `   ${l}`).join('\n')}`
      : 'it wrote nothing to stderr';
    yield `\n== ${file.replace(`${process.cwd()}/`, '')}: its process ${how}\n${said}   ${wrote}\n`;
  }
}
