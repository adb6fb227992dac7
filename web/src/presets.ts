/** Size presets for new templates, in px (A4 and Letter at 72 dpi, as PDFs measure them). */
export const PRESETS = [
  { id: 'social', label: 'Social card', width: 1200, height: 630 },
  { id: 'ig-square', label: 'Instagram post', width: 1080, height: 1080 },
  { id: 'ig-story', label: 'Instagram story', width: 1080, height: 1920 },
  { id: 'a4-portrait', label: 'A4 portrait', width: 595, height: 842 },
  { id: 'a4-landscape', label: 'A4 landscape', width: 842, height: 595 },
  { id: 'letter-portrait', label: 'US Letter portrait', width: 612, height: 792 },
  { id: 'letter-landscape', label: 'US Letter landscape', width: 792, height: 612 },
] as const;
