/** Helpers shared by the template and collection API tests. */
import assert from 'node:assert/strict';
import type { TestApp } from '../helpers/test-app.ts';

/** POSTs a template and returns its object (asserts 201). */
export async function makeTemplate(
  t: TestApp,
  body: Record<string, unknown> = {},
  token?: string,
): Promise<Record<string, unknown> & { uuid: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/rest/templates',
    payload: { title: 'Card', width: 1200, height: 630, ...body },
    ...(token ? { token } : {}),
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

/** POSTs a collection and returns its object (asserts 201). */
export async function makeCollection(
  t: TestApp,
  body: Record<string, unknown> = {},
  token?: string,
): Promise<{ id: string; title: string; custom_data: unknown; template_uuids: string[] }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/rest/collections',
    payload: { title: 'Set', ...body },
    ...(token ? { token } : {}),
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

/** Asserts a 422 whose errors name exactly `field` (among possibly others). */
export function assert422(
  res: { statusCode: number; body: string; json(): unknown },
  field: string,
): void {
  assert.equal(res.statusCode, 422, res.body);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  assert.equal(typeof body.message, 'string');
  assert.ok(body.errors[field], `expected errors.${field} in ${res.body}`);
}

/** Follows links.next (or links.prev) from a URL; returns every page's data. */
export async function walk(
  t: TestApp,
  url: string,
  link: 'next' | 'prev' = 'next',
): Promise<Array<Array<Record<string, unknown>>>> {
  const pages: Array<Array<Record<string, unknown>>> = [];
  let next: string | null = url;
  while (next) {
    const res = await t.request({ method: 'GET', url: next.replace('http://imprint.test', '') });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    pages.push(body.data);
    next = body.links[link];
    assert.ok(pages.length < 100, 'pagination does not end');
  }
  return pages;
}
