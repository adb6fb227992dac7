/**
 * The colour profiles of the PDF `color_profile` modification, mapped to the ICC files shipped in
 * `assets/icc/` (see assets/icc/README.md for each file's origin and licence). A name whose
 * profile may not be redistributed has no file: asking for it is a clear 422, never a silent
 * substitution.
 */

/** One named colour profile. */
export interface ColorProfile {
  name: string;
  /** What the Placid documentation calls it. */
  title: string;
  space: 'rgb' | 'cmyk';
  /** File name under assets/icc/, or null when it cannot be shipped (the owner may import it). */
  file: string | null;
  /** OutputConditionIdentifier of the PDF output intent. */
  condition: string;
  /** Why it is not available (when `file` is null). */
  unavailable?: string;
}

const NOT_FREE =
  'its ICC file may not be redistributed, so it is not bundled, and none has been imported';

/** The spec's profiles, in the order the spec lists them. */
export const COLOR_PROFILES: readonly ColorProfile[] = [
  {
    name: 'rgb-profile-1',
    title: 'sRGB IEC61966-2.1',
    space: 'rgb',
    file: 'sRGB.icc',
    condition: 'sRGB IEC61966-2.1',
  },
  {
    name: 'rgb-profile-2',
    title: 'Adobe RGB (1998)',
    space: 'rgb',
    file: 'AdobeRGB1998.icc',
    condition: 'Adobe RGB (1998)',
  },
  {
    name: 'rgb-profile-3',
    title: 'ProPhoto RGB',
    space: 'rgb',
    file: 'ProPhotoRGB.icc',
    condition: 'ProPhoto RGB',
  },
  {
    name: 'cmyk-profile-1',
    title: 'ISO Coated v2 (ECI)',
    space: 'cmyk',
    file: null,
    condition: 'FOGRA39',
    unavailable: NOT_FREE,
  },
  {
    name: 'cmyk-profile-2',
    title: 'ISO Coated v2 300% (ECI)',
    space: 'cmyk',
    file: null,
    condition: 'FOGRA39',
    unavailable: NOT_FREE,
  },
  {
    name: 'cmyk-profile-3',
    title: 'Coated FOGRA39 300%',
    space: 'cmyk',
    file: null,
    condition: 'FOGRA39',
    unavailable: NOT_FREE,
  },
  {
    name: 'cmyk-profile-4',
    title: 'U.S. Web Coated (SWOP) 2006 3v2',
    space: 'cmyk',
    file: null,
    condition: 'CGATS TR 005',
    unavailable: NOT_FREE,
  },
  {
    name: 'cmyk-profile-5',
    title: 'Japan Color 2011 Coated',
    space: 'cmyk',
    file: null,
    condition: 'JC200103',
    unavailable: NOT_FREE,
  },
];

/** sRGB (`rgb-profile-1`): the output intent of an RGB PDF/X-4 without a named profile. */
export const SRGB_PROFILE: ColorProfile = COLOR_PROFILES.find((p) => p.name === 'rgb-profile-1')!;

/** The CMYK profile used when color_mode is cmyk and no CMYK profile is named (also for CMYK JPEGs). */
export const DEFAULT_CMYK_PROFILE: ColorProfile = {
  name: 'none',
  title: 'Imprint generic CMYK (public domain, from libvips Chemical proof)',
  space: 'cmyk',
  file: 'generic-cmyk.icc',
  condition: 'Generic CMYK',
};

/** Every accepted `color_profile` value. */
export const COLOR_PROFILE_NAMES: readonly string[] = [
  'none',
  ...COLOR_PROFILES.map((p) => p.name),
];

/** The profile with that name, or undefined (also for `none`). */
export function findColorProfile(name: string | null | undefined): ColorProfile | undefined {
  return COLOR_PROFILES.find((p) => p.name === name);
}
