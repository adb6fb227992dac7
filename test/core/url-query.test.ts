/** The request a URL API query describes: layer data, modifications, and field errors. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseUrlQuery } from '../../src/core/url-api/url-query.ts';

describe('URL query parsing', () => {
  it('reads layer[prop]=value pairs (percent-decoded) and the modifications', () => {
    const { query, errors } = parseUrlQuery(
      'title[text]=Hello%20World&photo[image]=https%3A%2F%2Fx.test%2Fa.png%3Fq%3D1&width=600&height=315&dpi=150&image_format=png&filename=og.png&color_mode=rgb',
    );
    assert.deepEqual(errors, {});
    assert.deepEqual(query.layers, {
      title: { text: 'Hello World' },
      photo: { image: 'https://x.test/a.png?q=1' },
    });
    assert.deepEqual(query.modifications, {
      width: 600,
      height: 315,
      dpi: 150,
      image_format: 'png',
      filename: 'og.png',
      color_mode: 'rgb',
    });
  });

  it('refuses a size that is no whole number, naming the modification as POST /images does', () => {
    const { query, errors } = parseUrlQuery('width=wide&height=-5&dpi=&filename=');
    assert.deepEqual(query.modifications, {});
    assert.deepEqual(Object.keys(errors).sort(), ['modifications.height', 'modifications.width']);
    assert.match(errors['modifications.width'][0], /"wide"/);
  });

  it('names the field of every malformed parameter', () => {
    const { errors } = parseUrlQuery(
      'title=Hello&photo[image][x]=1&title2[text]=a&title2[text]=b&width=1&width=2',
    );
    assert.deepEqual(Object.keys(errors).sort(), [
      'layers.photo.image',
      'layers.title2.text',
      'modifications.width',
      'title',
    ]);
    assert.match(errors.title[0], /title\[property\]=value/);
  });

  it('caps the number of parameters', () => {
    const many = Array.from({ length: 1001 }, (_, i) => `l${i}[text]=x`).join('&');
    assert.deepEqual(Object.keys(parseUrlQuery(many).errors), ['query']);
  });
});
