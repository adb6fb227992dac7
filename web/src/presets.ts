/**
 * Size presets for new templates. Screen formats are in px; paper formats are designs in pt, so
 * their PDFs are exactly A4 (595.28 × 841.89 pt) or US Letter (612 × 792 pt) and their images
 * follow the requested dpi (docs/print.md).
 */
export interface Preset {
  id: string;
  label: string;
  width: number;
  height: number;
  unit: 'px' | 'pt';
  /** The size as the preset list shows it. */
  size: string;
}

const A4 = { short: 595.28, long: 841.89 };

export const PRESETS: readonly Preset[] = [
  { id: 'social', label: 'Social card', width: 1200, height: 630, unit: 'px', size: '1200×630' },
  {
    id: 'ig-square',
    label: 'Instagram post',
    width: 1080,
    height: 1080,
    unit: 'px',
    size: '1080×1080',
  },
  {
    id: 'ig-story',
    label: 'Instagram story',
    width: 1080,
    height: 1920,
    unit: 'px',
    size: '1080×1920',
  },
  {
    id: 'a4-portrait',
    label: 'A4 portrait',
    width: A4.short,
    height: A4.long,
    unit: 'pt',
    size: '210×297 mm',
  },
  {
    id: 'a4-landscape',
    label: 'A4 landscape',
    width: A4.long,
    height: A4.short,
    unit: 'pt',
    size: '297×210 mm',
  },
  {
    id: 'letter-portrait',
    label: 'US Letter portrait',
    width: 612,
    height: 792,
    unit: 'pt',
    size: '8.5×11 in',
  },
  {
    id: 'letter-landscape',
    label: 'US Letter landscape',
    width: 792,
    height: 612,
    unit: 'pt',
    size: '11×8.5 in',
  },
];
