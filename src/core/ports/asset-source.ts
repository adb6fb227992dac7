/** Port: downloads of pictures and PDFs (the delivery side's AssetFetcher). */

/** What a picture layer shows: the bytes, and whether they are a screenshot of a web page. */
export interface ShownPicture {
  bytes: Buffer;
  screenshot: boolean;
}

/** Fetches what a render needs; errors carry user-safe messages and a `failure` code. */
export interface AssetSource {
  fetchPicture(url: string): Promise<Buffer>;
  fetchPdf(url: string): Promise<Buffer>;
  /**
   * The picture of a layer's fetch key (a URL, or a URL with screenshot options): a web page is
   * shot in a browser. Without it, keys are fetched as pictures.
   */
  fetchShown?(key: string): Promise<ShownPicture>;
}
