/**
 * Layer properties that name a font (a project font's uuid or a family name). Renders load the
 * fonts they name, deleting a font counts the templates naming it here, and templates-as-code
 * maps them between projects: one list, so a new font property is seen by all three.
 */
export const FONT_PROPS: readonly string[] = ['font', 'alt_font', 'fontFamily', 'header_font'];
