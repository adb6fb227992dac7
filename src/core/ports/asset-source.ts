/** Port: downloads of pictures and PDFs (the delivery side's AssetFetcher). */

/** Fetches what a render needs; errors carry user-safe messages and a `failure` code. */
export interface AssetSource {
  fetchPicture(url: string): Promise<Buffer>;
  fetchPdf(url: string): Promise<Buffer>;
}
