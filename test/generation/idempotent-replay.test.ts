/**
 * The pieces of an Idempotency-Key replay without a database: the request hash (property order
 * does not matter; endpoint and token kind do) and the wait of a create_now retry, which ends
 * with the row once it leaves `queued`, or a 409 with Retry-After when the bound passes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/core/errors.ts';
import type { RenderRow } from '../../src/core/generation/render-row.ts';
import { requestHash } from '../../src/core/generation/idempotency.ts';
import { replayedRow } from '../../src/core/generation/idempotent-replay.ts';

/** A repository whose row reads `statuses` in turn (the last one repeats); undefined: deleted. */
function repoReading(statuses: Array<RenderRow['status'] | undefined>) {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    findForProject: async () => {
      const status = statuses[Math.min(reads++, statuses.length - 1)];
      return status === undefined ? undefined : ({ id: 7, status } as RenderRow);
    },
  };
}

const earlier = { hash: 'h', type: 'image' as const, id: 7 };

describe('Idempotency-Key replay', () => {
  it('hashes the parsed request, not its spelling', () => {
    const a = requestHash('image', false, {
      template_uuid: 'x',
      layers: { t: { text: 'a', n: 1 } },
    });
    const b = requestHash('image', false, {
      layers: { t: { n: 1, text: 'a' } },
      template_uuid: 'x',
    });
    assert.equal(a, b);
    assert.notEqual(
      requestHash('pdf', false, { template_uuid: 'x' }),
      requestHash('image', false, { template_uuid: 'x' }),
    );
    assert.notEqual(
      requestHash('image', true, { template_uuid: 'x' }),
      requestHash('image', false, { template_uuid: 'x' }),
    );
  });

  it('refuses another request with a 422 naming the header', async () => {
    const err = await replayedRow(repoReading(['finished']), earlier, {
      projectId: 'p',
      hash: 'other',
      untilDone: false,
    }).catch((e: unknown) => e);
    assert.ok(err instanceof AppError);
    assert.equal(err.status, 422);
    assert.ok(err.fields?.['Idempotency-Key']);
  });

  it('answers a queued row at once, unless create_now waits for it to finish', async () => {
    const queued = await replayedRow(repoReading(['queued']), earlier, {
      projectId: 'p',
      hash: 'h',
      untilDone: false,
    });
    assert.equal(queued.status, 'queued');
    const repo = repoReading(['queued', 'queued', 'finished']);
    const done = await replayedRow(repo, earlier, { projectId: 'p', hash: 'h', untilDone: true });
    assert.equal(done.status, 'finished');
    assert.equal(repo.reads, 3);
  });

  it('answers 409 with Retry-After when the render outlasts the wait, 404 when deleted', async () => {
    const err = await replayedRow(repoReading(['queued']), earlier, {
      projectId: 'p',
      hash: 'h',
      untilDone: true,
      waitMs: 120,
    }).catch((e: unknown) => e);
    assert.ok(err instanceof AppError);
    assert.equal(err.status, 409);
    assert.equal(err.headers?.['retry-after'], '2');
    const gone = await replayedRow(repoReading([undefined]), earlier, {
      projectId: 'p',
      hash: 'h',
      untilDone: true,
    }).catch((e: unknown) => e);
    assert.ok(gone instanceof AppError);
    assert.equal(gone.status, 404);
  });
});
