/**
 * Reading the documentation for its tests: which files it is, and their fenced code blocks.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The repository's root folder. */
export const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

/** README.md and every docs/*.md, relative to ROOT. */
export function docFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** One fenced code block of a Markdown file. */
export interface CodeBlock {
  /** First word of the info string (`sh`, `js`, `json`…), '' when there is none. */
  lang: string;
  /** True when the info string says `no-test`. */
  skip: boolean;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
}

/** The fenced (```) code blocks of a Markdown text, in order. */
export function extractBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  let open: { info: string; line: number; body: string[] } | null = null;
  lines.forEach((text, i) => {
    const fence = /^```(.*)$/.exec(text);
    if (!open) {
      if (fence) open = { info: fence[1]!.trim(), line: i + 1, body: [] };
      return;
    }
    if (fence && fence[1]!.trim() === '') {
      const words = open.info.split(/\s+/);
      blocks.push({
        lang: words[0] ?? '',
        skip: words.includes('no-test'),
        line: open.line,
        code: open.body.join('\n'),
      });
      open = null;
      return;
    }
    open.body.push(text);
  });
  return blocks;
}

/** Markdown text outside fenced blocks and inline code, where links are real links. */
export function proseOf(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((text) => {
      if (text.startsWith('```')) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : text.replace(/`[^`]*`/g, '');
    })
    .join('\n');
}

/** GitHub's anchor for a heading text: lower case, punctuation dropped, spaces to dashes. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor the headings of a Markdown text define (repeats get -1, -2… as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const text of proseOfHeadings(markdown)) {
    const base = headingAnchor(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function proseOfHeadings(markdown: string): string[] {
  let inFence = false;
  const out: string[] = [];
  for (const text of markdown.split('\n')) {
    if (text.startsWith('```')) inFence = !inFence;
    else if (!inFence) {
      const m = /^#{1,6}\s+(.*)$/.exec(text);
      if (m) out.push(m[1]!);
    }
  }
  return out;
}
