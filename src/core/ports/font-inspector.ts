/** Port: font file parsing in isolation (adapter: `src/worker/font-checker.ts`). */
import type { FontFileInfo } from '../font-file.ts';

/**
 * Port: parses font files where a hostile one cannot take the process down (a child process
 * with a memory and time limit). Throws the 422 on `file` when the bytes are not a usable font.
 */
export interface FontInspector {
  /**
   * Inspects `data`. With a `key` (a stored font's uuid: its bytes never change) the outcome is
   * remembered, so a font met by many renders is checked once per process.
   */
  inspect(data: Buffer, key?: string): Promise<FontFileInfo>;
}
