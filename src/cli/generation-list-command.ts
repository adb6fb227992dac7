/**
 * `imprint images list` and `imprint pdfs list`: what a project made, newest first, with the
 * filters of GET /api/rest/images (same names, as flags). Like the other operator commands it
 * reads the database of the current config (IMPRINT_DATA_DIR or DATABASE_URL) directly, so it
 * needs no server or token. A later kind (videos) registers one more `registerList` call.
 */
import type { Command } from 'commander';
import { AppError } from '../core/errors.ts';
import type { ResourceType } from '../core/generation/render-row.ts';
import { parseRenderListQuery } from '../core/generation/list-filter.ts';
import { decodeCursor } from '../core/pagination.ts';
import type { ImageObject, PdfObject, VideoObject } from '../core/generation/resource-object.ts';
import { describeError } from './app-error-text.ts';
import { withRuntime } from './project-commands.ts';

interface ListOptions {
  project: string;
  status?: string;
  template?: string;
  createdAfter?: string;
  createdBefore?: string;
  passthrough?: string;
  limit: number;
  all?: boolean;
  json?: boolean;
}

type Listed = ImageObject | PdfObject | VideoObject;

function parseLimit(raw: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1)
    throw new Error(`--limit must be a whole number ≥ 1 (got "${raw}")`);
  return n;
}

/** The passthrough as one table cell: a string as itself, anything else as JSON. */
function passthroughCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** Rows of text as columns padded to their widest cell; the last column is not padded. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) =>
          i === r.length - 1 ? cell : cell + ' '.repeat(widths[i] - [...cell].length),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The table of `items`: id, status, created, template (images), passthrough, then URL or error. */
function table(type: ResourceType, items: Listed[]): string {
  const head = [
    'ID',
    'STATUS',
    'CREATED',
    ...(type === 'image' ? ['TEMPLATE'] : []),
    'PASSTHROUGH',
    'URL / ERROR',
  ];
  const rows = items.map((o) => {
    const url = 'image_url' in o ? o.image_url : 'pdf_url' in o ? o.pdf_url : o.video_url;
    const last =
      o.status === 'error' ? (o.error ?? '') : (url ?? (o.file_expired ? '(file expired)' : ''));
    return [
      String(o.id),
      o.status,
      o.created_at,
      ...('template_uuid' in o ? [o.template_uuid] : []),
      passthroughCell(o.passthrough),
      last,
    ];
  });
  return formatTable([head, ...rows]);
}

/** Reads pages of 100 until `limit` items (or all with `all`); also says whether more remain. */
async function collect(
  list: (
    cursor: string | undefined,
    perPage: number,
  ) => Promise<{ items: Listed[]; next: string | null }>,
  limit: number,
  all: boolean,
): Promise<{ items: Listed[]; more: boolean }> {
  const items: Listed[] = [];
  let cursor: string | undefined;
  for (;;) {
    const want = all ? 100 : Math.min(100, limit - items.length);
    const page = await list(cursor, want);
    items.push(...page.items);
    if (page.next === null) return { items, more: false };
    if (!all && items.length >= limit) return { items, more: true };
    cursor = page.next;
  }
}

function registerList(program: Command, type: ResourceType, noun: string, plural: string): void {
  program
    .command(noun)
    .description(`The ${plural} of a project.`)
    .command('list')
    .description(`List the ${plural} of a project, newest first (docs/cli.md).`)
    .requiredOption('--project <id>', 'project id')
    .option('--status <status>', 'only this status: queued, finished or error')
    .option(
      '--template <uuid>',
      type === 'image'
        ? 'only those of this template'
        : `only those with a ${type === 'pdf' ? 'page' : 'clip'} of this template`,
    )
    .option(
      '--created-after <time>',
      'created at or after: ISO 8601 (UTC unless an offset is given) or Unix seconds',
    )
    .option('--created-before <time>', 'created before (exclusive), same formats')
    .option('--passthrough <value>', 'exact passthrough (an array or object as its JSON text)')
    .option('--limit <n>', 'print at most this many, newest first', parseLimit, 20)
    .option('--all', 'print every match (ignores --limit)')
    .option(
      '--json',
      `print a JSON array of ${type === 'pdf' ? 'PDF' : type} objects, as the API shows them`,
    )
    .action(async (opts: ListOptions) => {
      let parsed;
      try {
        parsed = parseRenderListQuery({
          status: opts.status,
          template_uuid: opts.template,
          created_after: opts.createdAfter,
          created_before: opts.createdBefore,
          passthrough: opts.passthrough,
        });
      } catch (err) {
        if (err instanceof AppError) throw new Error(describeError(err), { cause: err });
        throw err;
      }
      const { filter } = parsed;
      await withRuntime(async ({ services }) => {
        if (!(await services.projects.findProject(opts.project)))
          throw new Error(`No project with id ${opts.project}`);
        const { items, more } = await collect(
          async (cursor, perPage) => {
            const page = await services.generation.list(opts.project, type, filter, {
              perPage,
              ...(cursor ? { cursor: decodeCursor(cursor) } : {}),
            });
            return { items: page.items, next: page.nextCursor };
          },
          opts.limit,
          Boolean(opts.all),
        );
        if (opts.json) {
          console.log(JSON.stringify(items, null, 2));
          return;
        }
        if (items.length === 0) {
          console.log(`No ${plural} match.`);
          return;
        }
        console.log(table(type, items));
        if (more) console.error(`(newest ${items.length} shown; --limit <n> or --all for more)`);
      });
    });
}

/** Registers `images list`, `pdfs list` and `videos list`. */
export function registerGenerationListCommands(program: Command): void {
  registerList(program, 'image', 'images', 'images');
  registerList(program, 'pdf', 'pdfs', 'PDFs');
  registerList(program, 'video', 'videos', 'videos');
}
