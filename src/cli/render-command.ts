/**
 * `imprint render design.json --layers data.json --out card.png`: renders a design file offline,
 * with no server and no database. Pictures are read from local paths / file: URLs (relative to
 * the design file) or fetched over http(s); project fonts come from `--font key=file`.
 * Invalid input prints each problem with its path and exits with code 1.
 */
import type { Command } from 'commander';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  FontSource,
  LayerData,
  PdfOptions,
  RasterOptions,
  RenderProblem,
} from '../render/index.ts';

/** The rendering engine, loaded when a render runs: other commands start faster without it. */
const loadEngine = () => import('../render/index.ts');

/** Largest picture the CLI downloads. */
const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

/** A bad command line or input file: printed as problems, exit code 1. */
class CliInputError extends Error {
  readonly problems: RenderProblem[];
  constructor(problems: RenderProblem[]) {
    super(problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
    this.problems = problems;
  }
}

interface RenderCommandOptions {
  layers?: string;
  out: string;
  format?: string;
  width?: string;
  height?: string;
  dpi?: string;
  colorMode?: string;
  imageQuality?: string;
  colorProfile?: string;
  black?: string;
  title?: string;
  watermark?: boolean;
  font: string[];
}

/** Reads and parses a JSON file; a missing or malformed file is a problem naming it. */
function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliInputError([
      { path: what, message: `cannot read ${file}: ${(err as Error).message}` },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliInputError([
      { path: what, message: `${file} is not valid JSON: ${(err as Error).message}` },
    ]);
  }
}

/** A whole-number option, or a problem naming it. */
function intOption(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n))
    throw new CliInputError([
      { path: flag, message: `must be a whole number; received "${value}"` },
    ]);
  return n;
}

/** Loads one picture: http(s) is fetched, file: URLs and paths are read (relative to `baseDir`). */
async function loadAsset(url: string, baseDir: string): Promise<Buffer> {
  if (/^https?:\/\//i.test(url)) {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000), redirect: 'follow' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_DOWNLOAD_BYTES) throw new Error(`larger than ${MAX_DOWNLOAD_BYTES} bytes`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > MAX_DOWNLOAD_BYTES)
      throw new Error(`larger than ${MAX_DOWNLOAD_BYTES} bytes`);
    return bytes;
  }
  const file = /^file:/i.test(url) ? fileURLToPath(url) : path.resolve(baseDir, url);
  return fs.readFileSync(file);
}

/** Reads `--font key=file` pairs. */
function loadFonts(pairs: string[]): FontSource[] {
  return pairs.map((pair) => {
    const eq = pair.indexOf('=');
    if (eq <= 0)
      throw new CliInputError([
        { path: '--font', message: `expects key=file; received "${pair}"` },
      ]);
    const file = pair.slice(eq + 1);
    try {
      return { key: pair.slice(0, eq), data: fs.readFileSync(file) };
    } catch (err) {
      throw new CliInputError([
        { path: '--font', message: `cannot read ${file}: ${(err as Error).message}` },
      ]);
    }
  });
}

/** The formats an --out extension may name. */
const KNOWN_FORMATS = ['jpg', 'png', 'webp', 'avif', 'pdf'];

/** The --out extension, lower-case, `jpeg` spelled `jpg` ('' when there is none). */
function outputExtension(out: string): string {
  return path.extname(out).slice(1).toLowerCase().replace('jpeg', 'jpg');
}

/** The output format: --format, else the --out extension. */
function outputFormat(opts: RenderCommandOptions): string {
  const ext = outputExtension(opts.out);
  const format = (opts.format ?? ext).toLowerCase().replace('jpeg', 'jpg');
  if (!['auto', ...KNOWN_FORMATS].includes(format)) {
    throw new CliInputError([
      {
        path: '--format',
        message: `use --out with .png, .jpg, .webp, .avif or .pdf, or --format; received "${format || opts.out}"`,
      },
    ]);
  }
  if (opts.format && ext && format !== 'auto' && ext !== format) {
    throw new CliInputError([
      {
        path: '--format',
        message: `--format ${format} does not match the --out extension .${ext}`,
      },
    ]);
  }
  return format;
}

/** Renders the design file as the options say and writes --out. */
async function runRender(designFile: string, opts: RenderCommandOptions): Promise<string> {
  const format = outputFormat(opts);
  const {
    assetKeyUrl,
    prepareRender,
    renderImage,
    renderPdf,
    requestWarnings,
    validateDesign,
    WarningBudget,
  } = await loadEngine();
  const validated = validateDesign(readJson(designFile, 'design'));
  if (!validated.design || validated.problems.length > 0) {
    throw new CliInputError(validated.problems.map((p) => ({ ...p, path: `design.${p.path}` })));
  }
  const layers = opts.layers ? (readJson(opts.layers, '--layers') as LayerData) : undefined;
  if (
    layers !== undefined &&
    (typeof layers !== 'object' || layers === null || Array.isArray(layers))
  ) {
    throw new CliInputError([
      { path: '--layers', message: 'must be a JSON object keyed by layer name' },
    ]);
  }
  const prepared = prepareRender(validated.design, layers);
  if (prepared.problems.length > 0) throw new CliInputError(prepared.problems);

  const files = new Map<string, Buffer>();
  const baseDir = path.dirname(path.resolve(designFile));
  for (const key of prepared.assetUrls) {
    // A layer with screenshot options asks for its URL with them; offline, the URL is read as a
    // picture (web pages are shot only by the service).
    const url = assetKeyUrl(key);
    try {
      files.set(key, await loadAsset(url, baseDir));
    } catch (err) {
      // Left out: the renderer then names the layer and the URL.
      console.error(`imprint: cannot load ${url}: ${(err as Error).message}`);
    }
  }
  const assets = { files, fonts: loadFonts(opts.font) };
  const colorMode = opts.colorMode as 'rgb' | 'cmyk' | undefined;
  const file =
    format === 'pdf'
      ? await renderPdf({
          pages: [{ design: validated.design, layers }],
          assets,
          options: {
            dpi: intOption(opts.dpi, '--dpi') as PdfOptions['dpi'],
            imageQuality: opts.imageQuality as PdfOptions['imageQuality'],
            colorMode,
            colorProfile: opts.colorProfile,
            black: opts.black as PdfOptions['black'],
            title: opts.title,
            watermark: opts.watermark,
          },
        })
      : await renderImage({
          design: validated.design,
          layers,
          assets,
          options: {
            format: format as RasterOptions['format'],
            width: intOption(opts.width, '--width'),
            height: intOption(opts.height, '--height'),
            dpi: intOption(opts.dpi, '--dpi') as RasterOptions['dpi'],
            colorMode,
            watermark: opts.watermark,
          },
        });
  // `auto` is only decided by rendering; a file named for another format must not get these bytes.
  const ext = outputExtension(opts.out);
  if (format === 'auto' && KNOWN_FORMATS.includes(ext) && ext !== file.ext) {
    throw new CliInputError([
      {
        path: '--format',
        message: `--format auto chose ${file.ext} for this design, which does not match the --out extension .${ext}; name the file .${file.ext} or give --format ${ext}`,
      },
    ]);
  }
  fs.writeFileSync(opts.out, file.bytes);
  // Warnings go to stderr: the render succeeded, but something was ignored or fell back.
  const ignored = new WarningBudget();
  const warnings = [
    ...requestWarnings(validated.design, layers, ignored),
    ...(file.warnings ?? []),
  ];
  for (const w of warnings) console.error(`imprint: warning: ${w.path}: ${w.message}`);
  if (ignored.omitted) console.error(`imprint: warning: ${ignored.omitted} more warnings`);
  const pages = file.pages ? `, ${file.pages} page${file.pages > 1 ? 's' : ''}` : '';
  return `${opts.out}: ${file.mime}, ${file.width}×${file.height} px${pages}, ${file.bytes.length} bytes`;
}

/** Registers `render`. */
export function registerRenderCommand(program: Command): void {
  program
    .command('render')
    .argument('<design>', 'design JSON file: { width, height, background, layers: [...] }')
    .requiredOption('--out <file>', 'output file: .png, .jpg, .webp, .avif or .pdf')
    .option(
      '--layers <file>',
      'layer data JSON, as in a request: { "<layer name>": { "text": "…" } }',
    )
    .option('--format <format>', 'auto, jpg, png, webp, avif or pdf (default: from --out)')
    .option('--width <px>', 'output width; the aspect ratio is kept')
    .option('--height <px>', 'output height; the aspect ratio is kept')
    .option('--dpi <dpi>', 'images: 72, 150 or 300; PDFs: 96, 150 or 300')
    .option('--color-mode <mode>', 'rgb or cmyk')
    .option('--image-quality <q>', 'PDF pictures: high, medium or low')
    .option('--color-profile <name>', 'PDF: none, rgb-profile-1..3, cmyk-profile-1..5')
    .option('--black <mode>', 'CMYK PDFs: k (pure black on K only, default) or rich')
    .option('--title <title>', 'PDF title')
    .option('--watermark', 'draw the test-mode TEST watermark')
    .option(
      '--font <key=file>',
      'a font file for layers whose font is <key> (repeatable)',
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .description('Render a design file to an image or PDF, offline (no server).')
    .action(async (designFile: string, opts: RenderCommandOptions) => {
      try {
        console.log(await runRender(designFile, opts));
      } catch (err) {
        const { RenderInputError } = await loadEngine();
        if (err instanceof CliInputError || err instanceof RenderInputError) {
          for (const p of err.problems) console.error(`${p.path}: ${p.message}`);
          process.exitCode = 1;
          return;
        }
        throw err;
      }
    });
}
