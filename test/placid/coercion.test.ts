/** The coercion steps on their own: scalars from strings, schema-driven bodies, bracket forms. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coerceBySchema } from '../../src/api/coerce-body.ts';
import { dottedPath, parseBracketForm } from '../../src/api/form-body.ts';
import { coerceScalars, readScalar } from '../../src/render/design/scalars.ts';

describe('readScalar', () => {
  it('reads plain decimals as numbers, spaces trimmed', () => {
    for (const [text, n] of [
      ['4.5', 4.5],
      [' 50 ', 50],
      ['-3', -3],
      ['+10', 10],
      ['.5', 0.5],
      ['7.', 7],
      ['0', 0],
    ] as const) {
      assert.equal(readScalar(text, 'number'), n, text);
    }
  });

  it('leaves anything else as it was, for the checker to report', () => {
    for (const text of [
      '',
      ' ',
      '4,5',
      '1e2',
      '0x10',
      '48pt',
      '2px',
      'Infinity',
      'NaN',
      '--1',
      '1.2.3',
    ]) {
      assert.equal(readScalar(text, 'number'), text, text);
    }
    assert.equal(readScalar(5, 'number'), 5);
    assert.equal(readScalar(null, 'number'), null);
  });

  it('reads true/false/1/0 as booleans, any case, spaces trimmed', () => {
    assert.equal(readScalar('true', 'boolean'), true);
    assert.equal(readScalar(' FALSE ', 'boolean'), false);
    assert.equal(readScalar('1', 'boolean'), true);
    assert.equal(readScalar('0', 'boolean'), false);
    for (const text of ['yes', 'on', '2', '']) assert.equal(readScalar(text, 'boolean'), text);
  });

  it('coerceScalars reads only the named properties and copies', () => {
    const props = { value: '4.5', text: '123', hide: 'true' };
    const out = coerceScalars(props, { value: 'number', hide: 'boolean' });
    assert.deepEqual(out, { value: 4.5, text: '123', hide: true });
    assert.equal(props.value, '4.5');
  });
});

describe('coerceBySchema', () => {
  const schema = {
    type: 'object',
    properties: {
      create_now: { type: ['boolean', 'null'] },
      title: { type: 'string' },
      passthrough: { type: ['string', 'array', 'object', 'null'] },
      modifications: {
        type: ['object', 'null'],
        properties: { width: { type: ['integer', 'null'] }, dpi: { enum: [72, '72'] } },
      },
      pages: {
        type: 'array',
        items: { type: 'object', properties: { n: { type: 'number' } } },
      },
    },
  };

  it('reads strings where the schema wants a number or boolean, nowhere else', () => {
    const body = {
      create_now: 'true',
      title: '12',
      passthrough: '1',
      modifications: { width: ' 600 ', dpi: ' 72.0 ' },
      pages: [{ n: '2.5' }, { n: 'x' }],
    };
    assert.deepEqual(coerceBySchema(body, schema), {
      create_now: true,
      title: '12',
      passthrough: '1',
      modifications: { width: 600, dpi: 72 },
      pages: [{ n: 2.5 }, { n: 'x' }],
    });
    assert.equal(body.create_now, 'true');
  });
});

describe('form bodies', () => {
  it('parses bracket keys like Laravel, empty values as null', () => {
    assert.deepEqual(
      parseBracketForm(
        'template_uuid=t1&layers[title][text]=Hello&layers[photo][image]=https%3A%2F%2Fx.test%2Fa.png' +
          '&modifications[width]=600&create_now=true&webhook_success=' +
          '&pages[0][template_uuid]=a&pages[1][template_uuid]=b&urls[]=u1&urls[]=u2',
      ),
      {
        template_uuid: 't1',
        layers: { title: { text: 'Hello' }, photo: { image: 'https://x.test/a.png' } },
        modifications: { width: '600' },
        create_now: 'true',
        webhook_success: null,
        pages: [{ template_uuid: 'a' }, { template_uuid: 'b' }],
        urls: ['u1', 'u2'],
      },
    );
  });

  it('refuses keys nested too deep and never builds prototypes', () => {
    assert.throws(() => parseBracketForm('a[b][c][d][e][f][g][h][i][j]=1'), /Malformed form body/);
    const parsed = parseBracketForm('__proto__[x]=1&constructor[prototype][y]=2');
    assert.equal(({} as Record<string, unknown>).x, undefined);
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  });

  it('names bracket keys as dotted paths', () => {
    assert.equal(dottedPath('layers[photo][image]'), 'layers.photo.image');
    assert.equal(dottedPath('file'), 'file');
  });
});
