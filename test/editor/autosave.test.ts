// The editor's autosave (web/src/editor/autosave.ts) with a stand-in API and mocked timers: a
// failure that may pass later is retried with growing pauses, a design the server refuses (4xx)
// waits for the next change, and a 409 stops saving until the user reloads.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { ApiError, type Api, type Design } from '../../web/src/api.ts';
import { Autosave, SAVE_DELAY_MS, type SaveState } from '../../web/src/editor/autosave.ts';
import { EditorDoc } from '../../web/src/editor/doc.ts';

const design = (): Design => ({
  width: 100,
  height: 100,
  background: null,
  layers: [{ name: 'a', type: 'shape', x: 0, y: 0, width: 10, height: 10 }],
});

/** An autosave whose API answers each save with the next of `answers` (an ETag or an error). */
function harness(answers: Array<string | ApiError>) {
  const doc = new EditorDoc(design());
  const sent: Design[] = [];
  const api = {
    saveDesign: async (_uuid: string, d: Design) => {
      sent.push(d);
      const answer = answers.shift() ?? '"9"';
      if (answer instanceof ApiError) throw answer;
      return answer;
    },
  } as unknown as Api;
  const states: SaveState[] = [];
  const saver = new Autosave(api, 'uuid', doc, '"1"', (s) => states.push(s));
  const change = (x: number) => doc.update(['a'], (l) => ({ ...l, x }));
  return { doc, sent, states, saver, change, last: () => states.at(-1)! };
}

/** Runs the timers `ms` ahead and lets the save's promise settle. */
async function advance(ms: number): Promise<void> {
  mock.timers.tick(ms);
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

test('a server error is retried after a pause and then saves', async () => {
  const h = harness([new ApiError(503, 'The database is down.', {}), '"2"']);
  h.change(5);
  await advance(SAVE_DELAY_MS);
  assert.equal(h.sent.length, 1);
  const failed = h.last();
  assert.ok(failed.state === 'failed' && failed.retryIn === 2000, JSON.stringify(failed));
  await advance(2000);
  assert.equal(h.sent.length, 2);
  assert.deepEqual(h.last(), { state: 'saved' });
  assert.equal(h.saver.etag, '"2"');
});

test('a refused design is not sent again until it changes', async () => {
  const refusal = new ApiError(422, 'layers.0.width: must be at most 16000', {});
  const h = harness([refusal, '"2"']);
  h.change(5);
  await advance(SAVE_DELAY_MS);
  assert.deepEqual(h.last(), { state: 'failed', message: refusal.message });
  await advance(60_000);
  assert.equal(h.sent.length, 1, 'no retry of the same design');
  h.change(6);
  await advance(SAVE_DELAY_MS);
  assert.equal(h.sent.length, 2);
  assert.equal(h.sent[1].layers[0].x, 6);
  assert.deepEqual(h.last(), { state: 'saved' });
});

test('a 409 stops saving, also after later changes', async () => {
  const h = harness([new ApiError(409, 'Someone else saved this template.', {})]);
  h.change(5);
  await advance(SAVE_DELAY_MS);
  assert.equal(h.last().state, 'conflict');
  h.change(6);
  await advance(60_000);
  assert.equal(h.sent.length, 1);
  assert.equal(h.last().state, 'conflict');
});
