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
  /** The whole info string, e.g. `sh no-test: needs Docker`. */
  info: string;
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
        skip: words.some((w) => /^no-test:?$/.test(w)),
        info: open.info,
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

/**
 * The commands of a shell block: continuation lines (`\` at the end) joined, comments and blank
 * lines dropped. A `#` starts a comment at the start of a line or after a space, outside quotes.
 */
export function shellCommands(code: string): string[] {
  const commands: string[] = [];
  let pending = '';
  for (const raw of code.split('\n')) {
    const line = stripComment(raw);
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const command = (pending + line).trim();
    pending = '';
    if (command) commands.push(command);
  }
  if (pending.trim()) commands.push(pending.trim());
  return commands;
}

function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** What a shell command starts that keeps running: an Imprint process, or a service manager's. */
export type Starts = 'serve' | 'worker' | 'container' | 'service-manager';

/**
 * What a command starts and keeps running, or null for a command that runs to its end. These
 * commands never return by themselves, so the doc tests run them in the background and check
 * what they serve (test/docs/deployment-examples.test.ts) instead of waiting for them.
 */
export function startsWhat(command: string): Starts | null {
  if (/\bdocker(-compose)?\b|\bpodman\b|\bkubectl\b/.test(command)) return 'container';
  if (/\bsystemctl\b|\bservice\s+\S+\s+start\b/.test(command)) return 'service-manager';
  if (
    /\bnpm\s+(start|run\s+worker)\b/.test(command) ||
    /\bimprint(\.mjs)?\s+worker\b/.test(command)
  )
    return /worker/.test(command) ? 'worker' : 'serve';
  if (/\bimprint(\.mjs)?\s+serve\b/.test(command)) return 'serve';
  return null;
}

/** True when any command of a shell block starts something that keeps running. */
export function startsSomething(code: string): boolean {
  return shellCommands(code).some((c) => startsWhat(c) !== null);
}

/** The words of a block's info string after `no-test`: why it is not run. */
export function skipReason(info: string): string {
  const words = info.split(/\s+/);
  const at = words.findIndex((w) => /^no-test:?$/.test(w));
  return at < 0
    ? ''
    : words
        .slice(at + 1)
        .join(' ')
        .trim();
}
