// A node:test reporter for test files whose process failed on its own (a crash, a signal, an
// error after its tests ended) rather than in a test: node's spec reporter names such a file with
// only "test failed". This one prints, after the run, how the file's process ended, node's notes
// on the file (such as an error thrown by something a test left running), and the last lines the
// file wrote to stderr, so that a failure seen once in CI can be read from the end of its log.
import path from 'node:path';

const KEEP_LINES = 40;
const KEEP_NOTES = 10;

/** Appends `items` to the list kept for `file` in `lists`, keeping its last `n`. */
function keepLast(lists, file, items, n) {
  // Output events name the file as given on the command line, results by its full path.
  const key = path.resolve(file);
  lists.set(key, [...(lists.get(key) ?? []), ...items].slice(-n));
}

export default async function* failedFiles(source) {
  const stderr = new Map();
  const notes = new Map();
  const failed = [];
  for await (const event of source) {
    const { file, nesting, message } = event.data ?? {};
    if (event.type === 'test:diagnostic' && file && nesting === 0) {
      keepLast(notes, file, [message], KEEP_NOTES);
    }
    if (event.type === 'test:stderr' && file) {
      keepLast(
        stderr,
        file,
        message.split('\n').filter((l) => l !== ''),
        KEEP_LINES,
      );
    }
    if (event.type !== 'test:fail' || nesting !== 0) continue;
    const error = event.data.details?.error;
    if (error?.failureType !== 'testCodeFailure' || !('exitCode' in error)) continue;
    failed.push({ file: path.resolve(file), exitCode: error.exitCode, signal: error.signal });
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
