/**
 * Accounts own projects; a project owns everything created through its tokens. Tokens come in two
 * kinds: live (normal renders) and test (watermarked, free). A token is shown once and stored hashed.
 */
import { createHash } from 'node:crypto';
import { newSecret } from './ids.ts';
import type { ProjectStore } from './ports/project-store.ts';

/** An account: the owner of projects and of legacy account-wide fonts. */
export interface Account {
  id: string;
  title: string;
  created_at: string;
}

/** A project: the scope of every API call made with one of its tokens. */
export interface Project {
  id: string;
  account_id: string;
  title: string;
  created_at: string;
}

/** live tokens render normally; test tokens render watermarked previews at no cost. */
export type TokenKind = 'live' | 'test';

/** Why a token exists: null for an operator's token, `editor_session` for an editor sign-in's. */
export type TokenPurpose = 'editor_session';

/** A token as listed (never the secret itself). */
export interface TokenInfo {
  id: string;
  project_id: string;
  kind: TokenKind;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** When the token stops working (a 401 from then on, as when revoked); null: never. */
  expires_at: string | null;
  purpose: TokenPurpose | null;
}

/** Options of a new token. */
export interface NewTokenOptions {
  /** When it stops working (ISO 8601); none: never. */
  expiresAt?: string;
  purpose?: TokenPurpose;
}

/** Who is calling: the project of the token and the token's kind. */
export interface Caller {
  project: Project;
  tokenId: string;
  testMode: boolean;
  /** True when the token is an editor sign-in's (its saves are the editor's); absent: false. */
  editorSession?: boolean;
  /**
   * The project's credit limit (null: unlimited) as read with the token, so a creation needs no
   * read of its own; undefined where the caller was made without it (then it is read).
   */
  creditLimit?: number | null;
}

/** The SHA-256 hex digest under which a token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random token (256 bits) with a readable prefix saying its kind. */
export function generateToken(kind: TokenKind): string {
  return `imp_${kind}_${newSecret(32)}`;
}

/** Creates a token for a project and returns its id and the secret, which is shown once. */
export async function issueToken(
  repo: ProjectStore,
  projectId: string,
  kind: TokenKind,
  options?: NewTokenOptions,
): Promise<{ info: TokenInfo; token: string }> {
  const token = generateToken(kind);
  const info = await repo.insertToken(projectId, kind, hashToken(token), options);
  return { info, token };
}

/** A new project with one live and one test token; used by the CLI and the first start. */
export async function createProjectWithTokens(
  repo: ProjectStore,
  title: string,
  accountId?: string,
): Promise<{ project: Project; token: string; test_token: string }> {
  const account = accountId ? await repo.findAccount(accountId) : await defaultAccount(repo);
  if (!account) throw new Error(`No account with id ${accountId}`);
  const project = await repo.createProject(account.id, title);
  const live = await issueToken(repo, project.id, 'live');
  const test = await issueToken(repo, project.id, 'test');
  return { project, token: live.token, test_token: test.token };
}

/** The first account, created on demand: a single-user install has exactly one. */
export async function defaultAccount(repo: ProjectStore): Promise<Account> {
  const [first] = await repo.listAccounts();
  return first ?? (await repo.createAccount('Default'));
}
