/** Port: which stored files rows still name, and the end of files past their retention. */

/** What the orphan and retention sweeps ask of the rows. */
export interface FileRetentionStore {
  /** Which of these stored keys a live (not deleted) image or PDF row still names. */
  liveFileKeys(keys: string[]): Promise<Set<string>>;
  /**
   * Up to `limit` finished rows whose file is older than `before` (ISO time): marks them
   * file_expired, forgets their file_key and returns the keys, whose objects the caller deletes.
   */
  expireFiles(before: string, limit: number): Promise<string[]>;
}
