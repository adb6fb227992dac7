/**
 * Fonts for the renderer: the bundled fallback stack and project fonts. Callers register a
 * render's project fonts (registerFontSources or createFontResolver) and turn a layer's font
 * reference into a ctx.font family list (resolveFontFamily).
 */
export { registerFontSources, projectFontAlias, embeddingRestricted } from './project-fonts.ts';
export {
  resolveFontFamily,
  createFontResolver,
  emojiFamilyList,
  findBundledFamily,
  FALLBACK_STACK,
} from './font-family.ts';
export {
  BUNDLED_FAMILIES,
  DEFAULT_FAMILY,
  EMOJI_ALIAS,
  registerBundledFonts,
  bundledFontPath,
  type BundledFamily,
} from './bundled-fonts.ts';
export { selectFace, type FaceChoice } from './font-faces.ts';
export { matchFace, weightNumber, type Face, type FaceStyle } from './font-match.ts';
export {
  LIBRARY_FAMILIES,
  findLibraryFamily,
  libraryFamilies,
  libraryFilePath,
  regularFace,
  type LibraryFamily,
  type LibraryCategory,
} from './font-library.ts';
export { builtInFamilies, type BuiltInFamily } from './built-in-families.ts';
