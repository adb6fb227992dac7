/** What the font checker and its child process send each other over the IPC channel. */
import type { FontFileInfo } from '../core/font-file.ts';

/** Parent → child: check these bytes. */
export interface FontCheckRequest {
  id: number;
  data: Uint8Array;
}

/** Child → parent: the start-up signal, or the outcome of one check (message: the 422's text). */
export type FontCheckReply =
  | { ready: true }
  | { id: number; ok: true; info: FontFileInfo }
  | { id: number; ok: false; message: string };
