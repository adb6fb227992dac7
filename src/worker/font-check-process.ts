/**
 * Body of the font checker's child process: parses each font file the parent sends (fontkit,
 * core/font-parse.ts) and answers with what it is or why it was refused. Whatever a hostile
 * file does here (out of memory, V8's fatal "invalid size", an endless loop) ends only this
 * process; the parent turns that into a 422 and starts a fresh one.
 */
import { AppError } from '../core/errors.ts';
import { inspectFontFile } from '../core/font-parse.ts';
import type { FontCheckReply, FontCheckRequest } from './font-check-messages.ts';

if (!process.send) throw new Error('font-check-process.ts must run as a forked child process');

process.on('message', (msg: FontCheckRequest) => {
  let reply: FontCheckReply;
  try {
    const data = Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength);
    reply = { id: msg.id, ok: true, info: inspectFontFile(data) };
  } catch (err) {
    const field = err instanceof AppError ? err.fields?.file?.[0] : undefined;
    reply = { id: msg.id, ok: false, message: field ?? '' };
  }
  process.send!(reply);
});
// The parent went away (it exited or closed the checker): nothing left to do.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true } satisfies FontCheckReply);
