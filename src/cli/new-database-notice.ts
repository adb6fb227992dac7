/**
 * Says where a new embedded database was created, so a command run from another folder (a new,
 * empty `./data`) is noticed instead of silently working on an empty database.
 */

/** Prints `Created a new database at <file>` on stderr (stdout may carry JSON). */
export function announceNewDatabase(file: string): void {
  console.error(`Created a new database at ${file}`);
}
