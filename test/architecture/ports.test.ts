/**
 * Ports live in one place with one naming scheme (docs/architecture.md, "Ports"): every port
 * interface is declared in src/core/ports/, in a file named after it; persistence ports are
 * `…Store`, never `…Repository`; a SQL adapter of port P is the class `SqlP`. dependency-cruiser
 * sees imports, not declarations, so this test reads the sources.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** An exported interface and the first words of the doc comment right above it. */
interface DeclaredInterface {
  name: string;
  doc: string;
}

/** Every `export interface` of a source text with its doc comment (empty when it has none). */
function exportedInterfaces(text: string): DeclaredInterface[] {
  const found: DeclaredInterface[] = [];
  const re = /(?:\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*)?export interface (\w+)/g;
  for (const m of text.matchAll(re)) {
    const doc = (m[1] ?? '')
      .split('\n')
      .map((line) => line.replace(/^\s*\*?\s?/, ''))
      .join(' ')
      .trim();
    found.push({ name: m[2], doc });
  }
  return found;
}

/** Why an interface declared outside src/core/ports/ looks like a port, or null. */
function portOutsidePorts(decl: DeclaredInterface): string | null {
  if (decl.doc.startsWith('Port:')) return 'its doc comment starts with "Port:"';
  if (/(Store|Repository)$/.test(decl.name)) return 'it is named like a persistence port';
  return null;
}

/** `PascalCase` → `kebab-case`, as port files are named. */
function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** Every .ts file under `dir`, as paths relative to src/. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.relative(SRC, path.join(dir, f)));
}

const files = sourceFiles(SRC).map((file) => ({
  file,
  text: fs.readFileSync(path.join(SRC, file), 'utf8'),
}));
const inPorts = (file: string) => file.startsWith(`core${path.sep}ports${path.sep}`);

describe('ports', () => {
  it('the scanner finds a port declared outside src/core/ports/', () => {
    const decls = exportedInterfaces(
      '/** Port: a thing. */\nexport interface Thing {}\n/**\n * A list.\n */\nexport interface FooRepository {}\nexport interface Plain {}\n',
    );
    assert.deepEqual(
      decls.map((d) => [d.name, portOutsidePorts(d) !== null]),
      [
        ['Thing', true],
        ['FooRepository', true],
        ['Plain', false],
      ],
    );
  });

  it('no port interface is declared outside src/core/ports/', () => {
    const misplaced = files
      .filter(({ file }) => !inPorts(file))
      .flatMap(({ file, text }) =>
        exportedInterfaces(text).flatMap((decl) => {
          const why = portOutsidePorts(decl);
          return why ? [`${file}: ${decl.name} (${why})`] : [];
        }),
      );
    assert.deepEqual(misplaced, []);
  });

  it('no interface is named …Repository (persistence ports are …Store)', () => {
    const named = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\binterface (\w+Repository)\b/g)].map((m) => `${file}: ${m[1]}`),
    );
    assert.deepEqual(named, []);
  });

  it('each file of src/core/ports/ is named after a port interface it exports', () => {
    const unnamed = files
      .filter(({ file }) => inPorts(file))
      .filter(({ file, text }) => {
        const base = path.basename(file, '.ts');
        return !exportedInterfaces(text).some((decl) => kebab(decl.name) === base);
      })
      .map(({ file }) => file);
    assert.deepEqual(unnamed, []);
  });

  it('a storage, queue or store adapter of port P is <Kind>P, and SqlP in store/sql-*.ts', () => {
    const ports = new Set(
      files
        .filter(({ file }) => inPorts(file))
        .flatMap(({ text }) => exportedInterfaces(text).map((d) => d.name)),
    );
    const misnamed = files
      .filter(({ file }) => /^(store|storage|queue)[\\/]/.test(file))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\bclass (\w+) implements (\w+)/g)]
          .filter(([, , port]) => ports.has(port))
          .filter(([, cls, port]) =>
            path.basename(file).startsWith('sql-') ? cls !== `Sql${port}` : !cls.endsWith(port),
          )
          .map(([, cls, port]) => `${file}: ${cls} implements ${port}`),
      );
    assert.deepEqual(misnamed, []);
  });
});
