/**
 * Links between README.md and docs/*.md lead somewhere: every relative link names a file that
 * exists, and every `#anchor` names a heading of its target page.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { anchorsOf, docFiles, headingAnchor, proseOf, ROOT } from './doc-files.ts';

test('relative links and anchors of the documentation resolve', () => {
  const broken: string[] = [];
  for (const file of docFiles()) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of proseOf(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = m[1]!;
      if (/^[a-z]+:/i.test(href)) continue; // http:, https:, mailto:
      const [target, anchor] = href.split('#') as [string, string | undefined];
      const targetFile =
        target === '' ? file : path.normalize(path.join(path.dirname(file), target));
      const abs = path.join(ROOT, targetFile);
      if (!fs.existsSync(abs)) {
        broken.push(`${file}: ${href} (no file ${targetFile})`);
        continue;
      }
      if (anchor && targetFile.endsWith('.md')) {
        const anchors = anchorsOf(fs.readFileSync(abs, 'utf8'));
        if (!anchors.has(anchor)) broken.push(`${file}: ${href} (no heading #${anchor})`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

test('heading anchors follow GitHub', () => {
  assert.equal(
    headingAnchor('Offline rendering (imprint render)'),
    'offline-rendering-imprint-render',
  );
  assert.equal(
    headingAnchor('Behind a proxy: `IMPRINT_TRUST_PROXY`'),
    'behind-a-proxy-imprint_trust_proxy',
  );
  assert.equal(
    headingAnchor('create_now, rate limits and credits'),
    'create_now-rate-limits-and-credits',
  );
});
