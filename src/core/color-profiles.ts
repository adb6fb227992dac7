/**
 * ICC profiles an owner imports for the `color_profile` names Imprint cannot ship (`imprint icc
 * import <file> --name cmyk-profile-1`): the check of a file against the name it is meant for,
 * and what is stored of them (the ColorProfileStore port, ports/color-profile-store.ts). They
 * live in the database, like fonts, so every API and worker process on every machine renders with
 * the same profile.
 */
import { parse as parseIcc } from 'icc';
import {
  COLOR_PROFILES,
  type ColorProfile,
  cmykToRgb,
  tryCmykConversion,
  profileSource,
} from '../render/index.ts';
import type { ColorProfileStore } from './ports/color-profile-store.ts';

/** Largest ICC file accepted (the ECI's and Adobe's profiles are 0.5–2 MB). */
export const MAX_ICC_BYTES = 20 * 1024 * 1024;

/** An imported profile, without its bytes. */
export interface ImportedProfileInfo {
  /** The spec's name, e.g. `cmyk-profile-1`. */
  name: string;
  /** The profile's own description (its `desc` tag), e.g. "Coated FOGRA39 (ISO 12647-2:2004)". */
  description: string;
  color_space: 'cmyk' | 'rgb';
  size_bytes: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  created_at: string;
}

/** The spec names a profile may be imported for: those without a bundled file. */
export function importableProfiles(): ColorProfile[] {
  return COLOR_PROFILES.filter((p) => !p.file);
}

const SPACE_NAMES = { cmyk: 'CMYK', rgb: 'RGB' } as const;

/**
 * Checks that `data` is an ICC profile usable for the spec name `name` (an output profile of
 * that name's colour space that lcms and Ghostscript convert with); throws an Error saying what
 * is wrong.
 * Returns what the profile says about itself.
 */
export async function checkIccProfile(
  name: string,
  data: Buffer,
): Promise<{ description: string; color_space: 'cmyk' | 'rgb' }> {
  const target = COLOR_PROFILES.find((p) => p.name === name);
  const importable = importableProfiles().map((p) => p.name);
  if (!target) {
    throw new Error(
      `--name must be one of the color_profile names ${importable.join(', ')}; received "${name}"`,
    );
  }
  if (target.file) {
    throw new Error(
      `${name} (${target.title}) is bundled with Imprint and cannot be replaced; profiles can be imported for ${importable.join(', ')}`,
    );
  }
  if (data.length > MAX_ICC_BYTES) {
    throw new Error(`the file is larger than ${MAX_ICC_BYTES} bytes (${data.length})`);
  }
  let profile;
  try {
    profile = parseIcc(data);
  } catch (err) {
    throw new Error(`the file is not an ICC profile (${(err as Error).message})`, { cause: err });
  }
  const expected = SPACE_NAMES[target.space];
  const space = (profile.colorSpace ?? '').trim();
  if (space !== expected) {
    throw new Error(
      `${name} (${target.title}) needs a ${expected} profile; this file is a${/^[AEIOUFHLMNRSX]/.test(space) ? 'n' : ''} ${space || 'unknown'} profile ("${profile.description ?? ''}")`,
    );
  }
  if (!['Printer', 'Monitor', 'Scanner', 'Space'].includes(profile.deviceClass ?? '')) {
    throw new Error(
      `the profile is a ${profile.deviceClass ?? 'unknown'} profile; an output intent needs a device (output) profile`,
    );
  }
  if (target.space === 'cmyk') {
    try {
      await cmykToRgb([[0, 1, 1, 0]], data);
      await tryCmykConversion(profileSource(target, data));
    } catch (err) {
      throw new Error(
        `the profile cannot be used for colour conversion (${(err as Error).message})`,
        {
          cause: err,
        },
      );
    }
  }
  return { description: profile.description ?? target.title, color_space: target.space };
}

/**
 * The bytes of the imported profile `name` refers to, when it is a spec name without a bundled
 * file and one was imported; undefined otherwise (the option check then says what is missing).
 */
export async function importedProfileData(
  store: Pick<ColorProfileStore, 'load'> | undefined,
  name: unknown,
): Promise<Buffer | undefined> {
  if (!store || typeof name !== 'string') return undefined;
  if (!importableProfiles().some((p) => p.name === name)) return undefined;
  return store.load(name);
}
