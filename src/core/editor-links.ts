/**
 * Sign-in links of the template editor. An operator makes one with `imprint editor-link`: a
 * random code (stored only as its SHA-256), scoped to one project, good once and until it
 * expires. The editor exchanges the code for a new live token of that project that expires after
 * IMPRINT_EDITOR_SESSION_HOURS, so a link that leaks later is worth nothing and a session ends.
 */
import { newSecret } from './ids.ts';
import { hashToken, issueToken, type Project } from './projects.ts';
import type { ProjectStore } from './ports/project-store.ts';

/** Bounds of a link's lifetime in minutes (`--ttl`), and its default. */
export const EDITOR_LINK_TTL = { min: 1, max: 1440, default: 15 } as const;

/** Random bytes of a code: 192 bits, far beyond guessing at any rate the server answers. */
const CODE_BYTES = 24;

/** The shape of a code (base64url of CODE_BYTES bytes); anything else cannot be one. */
export const EDITOR_LINK_CODE_PATTERN = '^[A-Za-z0-9_-]{32}$';

/** A new link: its code (shown once), the editor URL that carries it and its expiry. */
export interface EditorLink {
  code: string;
  url: string;
  expires_at: string;
}

/**
 * Makes a link for a project. The code travels in the URL's fragment (`#link=`), which browsers
 * never send to a server, so it appears in no access log.
 */
export async function createEditorLink(
  repo: ProjectStore,
  projectId: string,
  ttlMinutes: number,
  publicUrl: string,
  now: number = Date.now(),
): Promise<EditorLink> {
  const code = newSecret(CODE_BYTES);
  const expiresAt = new Date(now + ttlMinutes * 60_000).toISOString();
  await repo.insertEditorLink(projectId, hashToken(code), expiresAt);
  return { code, url: `${publicUrl}/editor#link=${code}`, expires_at: expiresAt };
}

/** What a sign-in answers: the session's token and its project. */
export interface EditorSession {
  token: string;
  expires_at: string;
  project: Pick<Project, 'id' | 'title'>;
}

/**
 * Exchanges a code for a new expiring live token of the link's project; undefined when the code
 * is unknown, used or expired (the caller answers all three alike, telling a guesser nothing).
 */
export async function exchangeEditorLink(
  repo: ProjectStore,
  code: string,
  sessionHours: number,
  now: number = Date.now(),
): Promise<EditorSession | undefined> {
  const projectId = await repo.consumeEditorLink(hashToken(code), new Date(now).toISOString());
  if (!projectId) return undefined;
  const project = await repo.findProject(projectId);
  if (!project) return undefined;
  const expiresAt = new Date(now + sessionHours * 3_600_000).toISOString();
  const { token } = await issueToken(repo, projectId, 'live', {
    expiresAt,
    purpose: 'editor_session',
  });
  return { token, expires_at: expiresAt, project: { id: project.id, title: project.title } };
}
