/**
 * Issue 24, item 2: a request full of unknown layer names or properties costs one pass over them.
 * Its warnings are listed once, at creation (the render job does not list them again), at most
 * 50 of them plus one line counting the rest, and only the first few get a "did you mean"
 * suggestion. Calls of the edit-distance function are counted, not timed.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import levenshtein from 'fast-levenshtein';
import { testDbKinds } from '../helpers/databases.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';
import { pathOf } from './_helpers.ts';
import { startJobProcessing } from '../../src/main.ts';
import { requestPropsOf } from '../../src/render/design/request-warnings.ts';

/** "Did you mean" is looked for the first five names only. */
const MAX_SUGGESTIONS = 5;

/** Counts the edit distances computed (every suggestion compares a name with the candidates). */
const original = levenshtein.get;
let distances = 0;

for (const { kind, skip } of testDbKinds()) {
  describe(`request warnings are bounded on ${kind}`, { skip }, () => {
    let f: GenerationFixture;
    let stopJobs: (() => Promise<void>) | undefined;
    before(async () => {
      // Jobs start only once a test has counted what creation did, so no job can run before.
      f = await startGenerationFixture(kind, { processJobs: false });
      levenshtein.get = (a: string, b: string, opts?: { useCollator?: boolean }) => {
        distances++;
        return original(a, b, opts);
      };
    });
    after(async () => {
      levenshtein.get = original;
      await stopJobs?.();
      await f?.close();
    });
    beforeEach(() => {
      distances = 0;
    });

    const pollSlowly = async (url: string): Promise<Record<string, unknown>> => {
      for (let i = 0; i < 600; i++) {
        const res = await f.t.request({ method: 'GET', url: pathOf(url) });
        if (res.json().status !== 'queued') return res.json();
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error('still queued after 300 s');
    };

    it('lists 50 of 9,000 unknown properties, suggests for 5, and the render lists none again', async () => {
      const unknown: Record<string, number> = {};
      // The report's 400,000 in one object are refused before parsing (body-limits.test.ts); the
      // most one object of a body may hold is 10,000 members.
      for (let i = 0; i < 9_000; i++) unknown[`q${i.toString(36)}`] = 0;
      const res = await f.t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: f.uuid, layers: { title: { text: 'Hi', ...unknown } } },
      });
      assert.equal(res.statusCode, 200, res.body.slice(0, 500));
      const queued = res.json();
      assert.equal(queued.warnings.length, 51);
      assert.equal(queued.warnings[0], 'layers.title.q0: text layers have no property "q0"');
      assert.equal(queued.warnings[50], '8950 more warnings');
      // At most MAX_SUGGESTIONS names were compared, each with every property of a text layer.
      const candidates = requestPropsOf('text').size;
      assert.ok(distances <= MAX_SUGGESTIONS * candidates, `${distances} edit distances`);
      const atCreation = distances;
      stopJobs = startJobProcessing(f.t.runtime, 1);

      // Polled slowly: every GET reads the stored 0.5 MB request again.
      const done = await pollSlowly(queued.polling_url);
      assert.equal(done.status, 'finished', JSON.stringify(done).slice(0, 500));
      assert.deepEqual(done.warnings, queued.warnings);
      // The job neither listed the warnings again nor looked for suggestions again.
      assert.equal(distances, atCreation);
    });

    it('caps unknown layer names the same way and cuts long names in the message', async () => {
      const layers: Record<string, unknown> = { ['x'.repeat(5000)]: { text: 'x' } };
      for (let i = 0; i < 8_999; i++) layers[`titl${i}`] = { text: 'x' };
      const res = await f.t.request({
        method: 'POST',
        url: '/api/rest/pdfs',
        payload: {
          pages: [
            { template_uuid: f.uuid, layers },
            { template_uuid: f.uuid, layers: { titel: { text: 'x' } } },
          ],
        },
      });
      assert.equal(res.statusCode, 200, res.body.slice(0, 500));
      const { warnings } = res.json();
      assert.equal(warnings.length, 51);
      // A long name is cut to 100 characters, and gets no suggestion (it is no typo).
      const cut = `${'x'.repeat(100)}…`;
      assert.equal(warnings[0], `pages.0.layers.${cut}: the template has no layer "${cut}"`);
      assert.equal(
        warnings[1],
        'pages.0.layers.titl0: the template has no layer "titl0"; did you mean "title"?',
      );
      // The sixth name looked at gets no suggestion: only the first five are looked for.
      assert.equal(warnings[6], 'pages.0.layers.titl5: the template has no layer "titl5"');
      // 9,000 on page 0 and 1 on page 1, 50 listed.
      assert.equal(warnings[50], '8951 more warnings');
      // Three layer names are the candidates of each of the five suggestions.
      assert.ok(distances <= MAX_SUGGESTIONS * 3, `${distances} edit distances`);
    });
  });
}
