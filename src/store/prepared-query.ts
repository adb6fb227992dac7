/**
 * Queries built and compiled by Kysely once, then run with new values. Building a query (an
 * immutable node tree per call) and compiling it to SQL cost more CPU than SQLite spends running
 * the small statements of the render path, and every image runs the same dozen of them; a
 * prepared query keeps the compiled SQL and only swaps its parameters.
 *
 * The builder receives placeholders: unique marker strings that end up among the compiled
 * query's parameters, where each run puts its own values. Only fixed-shape queries fit (no
 * `in (...)` lists whose length varies); values written into the builder directly stay fixed.
 *
 * On SQLite those fixed values (strings and null) are written into the SQL text as
 * literals instead of being bound. SQLite re-plans a statement on every run when a bound value is
 * compared with an indexed column in some shapes (`status = ?` before a range on the same index,
 * a join filtered by a bound value): the statement then costs as much as preparing it again
 * (25–40 µs instead of 4–8 µs for the queue's claim and the token lookup), on every request.
 * A literal leaves nothing to re-plan.
 */
import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import { isPostgres, sqliteHandleOf, type Database, type SqliteHandle } from './database.ts';

/** Placeholders for the named parameters (typed as their values so builders type-check). */
export type Placeholders<P> = { readonly [K in keyof P]: P[K] };

const MARK = '\u0000prepared:';

/** A query compiled once per SQL dialect, run with parameters. */
export class PreparedQuery<P extends object, R> {
  private readonly compiled = new Map<
    'pg' | 'sqlite',
    { query: CompiledQuery<R>; slots: (keyof P | null)[] }
  >();

  private readonly names: readonly (keyof P & string)[];
  private readonly build: (db: Database, p: Placeholders<P>) => Compilable<R>;
  constructor(
    names: readonly (keyof P & string)[],
    build: (db: Database, p: Placeholders<P>) => Compilable<R>,
  ) {
    this.names = names;
    this.build = build;
  }

  /** Runs the query on `db` (or a transaction) with `params`. */
  async execute(db: Database, params: P): Promise<QueryResult<R>> {
    const { query, slots } = this.compile(db);
    const parameters = query.parameters.map((v, i) => {
      const slot = slots[i];
      return slot === null ? v : params[slot];
    });
    // SQLite runs statements synchronously; Kysely's way to them (a connection lock taken and
    // released across promises, per statement) cost more CPU than SQLite took to run the small
    // statements of the render path. The connection is used directly unless a transaction is
    // open on it: the statement would join that transaction, so it waits for it through Kysely.
    const sqlite = sqliteHandleOf(db);
    if (sqlite && !sqlite.raw.inTransaction) return runOn(sqlite, query.sql, parameters);
    return db.executeQuery<R>({ ...query, parameters });
  }

  /** The rows the query returned. */
  async rows(db: Database, params: P): Promise<R[]> {
    return (await this.execute(db, params)).rows;
  }

  /** Rows changed by an UPDATE, INSERT or DELETE without RETURNING. */
  async changes(db: Database, params: P): Promise<number> {
    return Number((await this.execute(db, params)).numAffectedRows ?? 0n);
  }

  /** The compiled query for `db`'s dialect, placeholders in its parameters (for EXPLAIN). */
  compiledFor(db: Database): CompiledQuery<R> {
    return this.compile(db).query;
  }

  private compile(db: Database) {
    const dialect = isPostgres(db) ? 'pg' : 'sqlite';
    let found = this.compiled.get(dialect);
    if (!found) {
      const marks = Object.fromEntries(
        this.names.map((n) => [n, `${MARK}${n}`]),
      ) as Placeholders<P>;
      const query = this.build(db, marks).compile();
      const slots = query.parameters.map((v) =>
        typeof v === 'string' && v.startsWith(MARK) ? (v.slice(MARK.length) as keyof P) : null,
      );
      const missing = this.names.filter((n) => !slots.includes(n));
      if (missing.length)
        throw new Error(`prepared query lost its parameters ${missing.join(', ')}`);
      found = dialect === 'sqlite' ? inlineFixedValues(query, slots) : { query, slots };
      this.compiled.set(dialect, found);
    }
    return found;
  }
}

/** Declares a prepared query with named parameters; see the module comment. */
export function prepareQuery<P extends object, R = unknown>(
  names: readonly (keyof P & string)[],
  build: (db: Database, p: Placeholders<P>) => Compilable<R>,
): PreparedQuery<P, R> {
  return new PreparedQuery(names, build);
}

/** A statement run as Kysely's SQLite driver runs it, with the same result shape. */
function runOn<R>(sqlite: SqliteHandle, text: string, parameters: unknown[]): QueryResult<R> {
  const stmt = sqlite.statements.prepare(text);
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/**
 * A value SQLite reads back the same from a literal as from a binding. Numbers stay bound:
 * better-sqlite3 binds them as REAL, a literal 5 is an INTEGER (5/2, 5||'' and a TEXT column
 * would differ), and a negative one after Kysely's unary minus would open a `--` comment.
 */
function literalOf(v: unknown): string | null {
  if (v === null) return 'null';
  if (typeof v === 'string' && !v.includes('\u0000')) return `'${v.replaceAll("'", "''")}'`;
  return null;
}

/**
 * Writes the fixed parameters (slot null) of a compiled SQLite query into its SQL as literals.
 * Kysely's SQLite compiler writes one `?` per parameter, in order, outside the quoted
 * identifiers ("…") and strings ('…') it also writes; the scan skips those.
 */
function inlineFixedValues<R, K>(
  query: CompiledQuery<R>,
  slots: (K | null)[],
): { query: CompiledQuery<R>; slots: (K | null)[] } {
  const text = query.sql;
  let out = '';
  let param = 0;
  let quote: string | null = null;
  const parameters: unknown[] = [];
  const kept: (K | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      // A doubled quote inside a quoted run is an escaped quote: the run goes on.
      if (ch === quote && text[i + 1] !== quote) quote = null;
      else if (ch === quote) out += text[i++];
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      const value = query.parameters[param];
      const literal = slots[param] === null ? literalOf(value) : null;
      if (literal === null) {
        out += ch;
        parameters.push(value);
        kept.push(slots[param]);
      } else {
        out += literal;
      }
      param++;
    } else {
      out += ch;
    }
  }
  if (param !== query.parameters.length) {
    throw new Error(`prepared query: ${param} placeholders for ${query.parameters.length} values`);
  }
  return { query: { ...query, sql: out, parameters }, slots: kept };
}
