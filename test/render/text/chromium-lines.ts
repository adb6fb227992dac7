/**
 * Chromium's line breaks for the golden line-breaking cases: one page with a box per case, in
 * the same font files, size and width as Imprint's layout, and a script that reads back where
 * each line starts (from the position of every character). Run through `chromium --headless
 * --dump-dom`; no browser automation library is needed.
 */
import { runSync } from '../../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLED_FAMILIES, bundledFontPath } from '../../../src/render/fonts/index.ts';

/** One golden case: `text` laid out at `font_size` px in a box `width` px wide. */
export interface LineCase {
  name: string;
  text: string;
  font_size: number;
  width: number;
}

/** The Chromium binary, or undefined when none is installed. */
export function chromiumBinary(): string | undefined {
  for (const bin of ['chromium', 'chromium-browser']) {
    if (runSync(bin, ['--version']).status === 0) return bin;
  }
  return undefined;
}

/** @font-face rules for DejaVu Sans and the CJK fallback, as Imprint's stack uses them. */
function fontFaces(): string {
  const faces: string[] = [];
  for (const [family, file] of [
    ['DejaVu Sans', 'DejaVuSans.ttf'],
    ['Droid Sans Fallback', 'droid/DroidSansFallbackFull.ttf'],
  ]) {
    const fam = BUNDLED_FAMILIES.find((f) => f.name === family);
    if (!fam) throw new Error(`no bundled family ${family}`);
    const url = pathToFileURL(bundledFontPath(fam, file)).href;
    faces.push(`@font-face { font-family: "T ${family}"; src: url("${url}"); }`);
  }
  return faces.join('\n');
}

// The page's script: for each box, the text of each line (a new line starts where a character's
// top moves down). Identifiers avoid `top`, which is a read-only global in pages.
const SCRIPT = `
document.fonts.ready.then(() => {
  const out = {};
  for (const box of document.querySelectorAll('[data-case]')) {
    const node = box.firstChild;
    const range = document.createRange();
    const lines = [];
    let line = '';
    let lineTop = null;
    for (let i = 0; i < node.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      // A character just after a break can also report an empty box at the end of the line
      // before; the last box with a width is where it is drawn. Zero-width characters (U+00AD
      // inside a line, U+200B) have none and stay on the current line.
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const rect = rects[rects.length - 1];
      if (rect) {
        if (lineTop !== null && rect.top > lineTop + 1) { lines.push(line); line = ''; }
        lineTop = rect.top;
      }
      line += node.data[i];
    }
    lines.push(line);
    out[box.dataset.case] = lines;
  }
  document.getElementById('out').textContent = JSON.stringify(out);
});`;

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Chromium's lines per case name, as the characters of each line (spaces and U+00AD included). */
export function chromiumLines(cases: LineCase[], bin = 'chromium'): Record<string, string[]> {
  const boxes = cases
    .map(
      (c) =>
        `<div data-case="${escape(c.name)}" style="width:${c.width}px;font-size:${c.font_size}px">${escape(c.text)}</div>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
${fontFaces()}
body { margin: 0; }
div { font-family: "T DejaVu Sans", "T Droid Sans Fallback"; line-height: 1.2; white-space: normal;
  overflow-wrap: break-word; hyphens: manual; margin-bottom: 10px; }
</style></head><body>${boxes}<pre id="out"></pre><script>${SCRIPT}</script></body></html>`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-chromium-'));
  try {
    const file = path.join(dir, 'lines.html');
    fs.writeFileSync(file, html);
    const res = runSync(
      bin,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        `--user-data-dir=${path.join(dir, 'profile')}`,
        '--virtual-time-budget=10000',
        '--dump-dom',
        pathToFileURL(file).href,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const match = /<pre id="out">(.*?)<\/pre>/s.exec(res.stdout);
    if (!match || match[1] === '')
      throw new Error(`chromium gave no lines: ${res.stderr.slice(-500)}`);
    const json = match[1]
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    return JSON.parse(json) as Record<string, string[]>;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
