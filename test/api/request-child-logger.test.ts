/** The per-request child logger: the request id is bound without pino's redaction pass. */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { processLoggerOptions, requestChildLogger } from '../../src/api/log-redaction.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino(processLoggerOptions('info'), stream) as unknown as FastifyBaseLogger;
  return { logger, lines };
}

describe('requestChildLogger', () => {
  it('binds the request id to every line of the child, beside the parent’s bindings', () => {
    const { logger, lines } = capture();
    const parent = logger.child({ component: 'api' });
    const child = requestChildLogger(parent, { reqId: 'req-7' }, {});
    child.info({ token: 'imp_live_secret', n: 1 }, 'hello');
    assert.equal(lines.length, 1);
    assert.equal(lines[0].reqId, 'req-7');
    assert.equal(lines[0].component, 'api');
    assert.equal(lines[0].token, '[redacted]', 'log objects are still redacted');
    assert.equal(lines[0].msg, 'hello');
  });

  it('masks a token in a bound value', () => {
    const { logger, lines } = capture();
    requestChildLogger(logger, { reqId: 'imp_live_abcdef' }, {}).warn('x');
    assert.equal(lines[0].reqId, '[redacted]');
  });

  it('honours child options such as a route’s log level', () => {
    const { logger, lines } = capture();
    const child = requestChildLogger(logger, { reqId: 'req-1' }, { level: 'warn' });
    child.info('hidden');
    child.warn('shown');
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['shown'],
    );
  });
});
