/**
 * Port: persistence of accounts, projects, tokens and editor sign-in links (SQL adapter:
 * `src/store/sql-project-store.ts`).
 */
import type {
  Account,
  Caller,
  NewTokenOptions,
  Project,
  TokenInfo,
  TokenKind,
} from '../projects.ts';

/** Port: persistence of accounts, projects and tokens. */
export interface ProjectStore {
  /** Creates an account. */
  createAccount(title: string): Promise<Account>;
  /** Finds an account by id. */
  findAccount(id: string): Promise<Account | undefined>;
  /** Lists every account, oldest first. */
  listAccounts(): Promise<Account[]>;
  /** Creates a project in an account. */
  createProject(accountId: string, title: string): Promise<Project>;
  /** Finds a project by id. */
  findProject(id: string): Promise<Project | undefined>;
  /** Lists every project, oldest first. */
  listProjects(): Promise<Project[]>;
  /** Stores a token hash; returns the token's id. */
  insertToken(
    projectId: string,
    kind: TokenKind,
    tokenHash: string,
    options?: NewTokenOptions,
  ): Promise<TokenInfo>;
  /** Lists tokens, optionally of one project. */
  listTokens(projectId?: string): Promise<TokenInfo[]>;
  /** Marks a token revoked; false when no such active token exists. */
  revokeToken(id: string): Promise<boolean>;
  /** The caller behind a token hash, when the token exists and is neither revoked nor expired;
   * records the use in the token's last_used_at (to the minute). */
  findCallerByTokenHash(tokenHash: string): Promise<Caller | undefined>;
  /** Stores an editor sign-in link: its code's hash, project and expiry. */
  insertEditorLink(projectId: string, codeHash: string, expiresAt: string): Promise<void>;
  /**
   * Marks the link of a code hash used, when it exists, is unused and has not expired at `now`,
   * and returns its project id; undefined otherwise. Of two concurrent uses exactly one wins.
   */
  consumeEditorLink(codeHash: string, now: string): Promise<string | undefined>;
}
