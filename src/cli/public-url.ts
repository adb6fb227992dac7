/**
 * The address links printed by the CLI start with: the running server's, as its users reach it.
 * The CLI cannot see the server (it may run elsewhere, behind a proxy, on another port), so it
 * never guesses one from PORT: it takes `--url`, else IMPRINT_PUBLIC_URL (the same setting the
 * server builds its own links from), else asks on a terminal, else stops and says what to set.
 */
import { createInterface } from 'node:readline/promises';
import { ConfigError, publicUrlValue, type Config } from '../config.ts';

/** Where the address may come from. */
export interface ServerAddressSources {
  /** The command's `--url`, when given. */
  flag?: string;
  config: Pick<Config, 'publicUrl' | 'publicUrlSet'>;
  /** Whether a person can answer a question (stdin and stderr are terminals). */
  interactive: boolean;
  /** Asks a question and resolves with the answer. */
  ask: (question: string) => Promise<string>;
}

/** The message when no address is known and nobody can be asked. */
export const NO_ADDRESS =
  'the address of the running server is unknown: set IMPRINT_PUBLIC_URL (as for the server, e.g. IMPRINT_PUBLIC_URL=https://imprint.example.com) or pass --url <url>';

/** `raw` checked as IMPRINT_PUBLIC_URL is, with a message naming where it came from. */
function checked(raw: string, source: string): string {
  try {
    return publicUrlValue(raw, source);
  } catch (err) {
    // A plain error: a bad flag or answer is no configuration error (exit 1, not 78).
    if (err instanceof ConfigError) throw new Error(err.message, { cause: err });
    throw err;
  }
}

/** The server's public root URL, without trailing slash. */
export async function serverAddress(sources: ServerAddressSources): Promise<string> {
  if (sources.flag !== undefined) return checked(sources.flag, '--url');
  if (sources.config.publicUrlSet) return sources.config.publicUrl;
  if (!sources.interactive) throw new Error(NO_ADDRESS);
  const answer = await sources.ask(
    'Address of the running Imprint server, as its users reach it (e.g. https://imprint.example.com; set IMPRINT_PUBLIC_URL or pass --url to skip this question): ',
  );
  if (answer.trim() === '') throw new Error(NO_ADDRESS);
  return checked(answer.trim(), 'server address');
}

/** Asks on the terminal: the question on stderr, so stdout keeps only what the command prints. */
export async function askOnTerminal(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/** The sources of a command run now: its flag, the config, and this process's terminal. */
export function processSources(
  flag: string | undefined,
  config: ServerAddressSources['config'],
): ServerAddressSources {
  return {
    flag,
    config,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    ask: askOnTerminal,
  };
}
