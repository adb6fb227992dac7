/**
 * The filters of the image and PDF lists: time bounds in every accepted form (and none that
 * rolls over), the passthrough text a filter matches, and one 422 naming every bad parameter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/core/errors.ts';
import {
  parseRenderListQuery,
  parseTimeBound,
  storedPassthrough,
} from '../../src/core/generation/list-filter.ts';

describe('list filters', () => {
  it('reads ISO 8601 dates and date-times (UTC without an offset) and Unix seconds', () => {
    const cases: Array<[string, string]> = [
      ['2026-11-27', '2026-11-27T00:00:00.000Z'],
      ['2026-11-27T14:30', '2026-11-27T14:30:00.000Z'],
      ['2026-11-27 14:30:05', '2026-11-27T14:30:05.000Z'],
      ['2026-11-27T14:30:05.123456Z', '2026-11-27T14:30:05.123Z'],
      ['2026-11-27T14:30:00+01:00', '2026-11-27T13:30:00.000Z'],
      ['2026-11-27T14:30:00-0230', '2026-11-27T17:00:00.000Z'],
      ['2026-11-27t14:30:00z', '2026-11-27T14:30:00.000Z'],
      ['1795773600', '2026-11-27T10:00:00.000Z'],
      ['0', '1970-01-01T00:00:00.000Z'],
      [' 2026-01-01 ', '2026-01-01T00:00:00.000Z'],
    ];
    for (const [raw, want] of cases) assert.equal(parseTimeBound(raw), want, raw);
  });

  it('refuses what is not a time, and dates that would roll over', () => {
    for (const raw of [
      'yesterday',
      '',
      '2026-02-30',
      '2026-13-01',
      '2026-11-27T24:00:00Z',
      '2026-11-27T10:60Z',
      '2026-11-27T10:00+25:00',
      '0070-01-01',
      '1969-12-31T23:59:59Z',
      '-5',
      '1.5',
      '999999999999',
    ])
      assert.equal(parseTimeBound(raw), undefined, raw);
  });

  it('matches a string passthrough as its JSON string, an array or object as compact JSON', () => {
    assert.equal(storedPassthrough('batch-7'), '"batch-7"');
    assert.equal(storedPassthrough('{ "a": [1, 2] }'), '{"a":[1,2]}');
    assert.equal(storedPassthrough('[1,'), '"[1,"');
    assert.equal(storedPassthrough('{not json}'), '"{not json}"');
  });

  it('gives the filter and page, or one 422 naming every bad parameter', () => {
    const ok = parseRenderListQuery({
      status: 'error',
      template_uuid: 'abc',
      created_after: '2026-11-27',
      created_before: '2026-11-28',
      passthrough: 'x',
      per_page: 5,
    });
    assert.deepEqual(ok, {
      filter: {
        status: 'error',
        templateUuid: 'abc',
        createdAfter: '2026-11-27T00:00:00.000Z',
        createdBefore: '2026-11-28T00:00:00.000Z',
        passthrough: 'x',
      },
      page: { perPage: 5 },
    });
    assert.deepEqual(parseRenderListQuery({}).page, { perPage: 20 });
    assert.throws(
      () =>
        parseRenderListQuery({
          status: 'done',
          template_uuid: '',
          created_after: 'soon',
          created_before: 'x',
          passthrough: 'a\u0000',
          cursor: '!!',
        }),
      (err) => {
        assert.ok(err instanceof AppError);
        assert.equal(err.code, 'validation');
        assert.deepEqual(Object.keys(err.fields ?? {}).sort(), [
          'created_after',
          'created_before',
          'cursor',
          'passthrough',
          'status',
          'template_uuid',
        ]);
        return true;
      },
    );
    assert.throws(
      () => parseRenderListQuery({ created_after: '2026-11-28', created_before: '2026-11-28' }),
      (err) => err instanceof AppError && Boolean(err.fields?.created_before),
    );
  });
});
