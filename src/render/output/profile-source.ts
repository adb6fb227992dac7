/**
 * The bytes and file of a colour profile for a render: a bundled file (assets/icc/) or, for a
 * spec name without one, the profile the owner imported (`imprint icc import`), which arrives
 * with the render options as bytes.
 */
import type { ColorProfile } from './icc-profiles.ts';
import { ghostscriptProfileDir, iccProfileBytes } from './icc-profile-files.ts';

/** A profile ready to use: what it is, its bytes, and (CMYK) a Ghostscript profile folder. */
export interface ProfileSource {
  profile: ColorProfile;
  bytes: Uint8Array;
  ghostscriptDir(): Promise<string>;
}

/**
 * The source of `profile`: its bundled file, else `imported` (the bytes of the imported profile
 * of that name). Throws when neither exists; checkPdfOptions refuses such requests first.
 */
export function profileSource(profile: ColorProfile, imported?: Uint8Array): ProfileSource {
  const bytes = profile.file ? iccProfileBytes(profile.file) : imported;
  if (!bytes) throw new Error(`colour profile ${profile.name} has no ICC data`);
  return { profile, bytes, ghostscriptDir: () => ghostscriptProfileDir(bytes) };
}
