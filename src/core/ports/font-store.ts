/** Port: persistence of fonts and their files (SQL adapter: `src/store/sql-font-store.ts`). */
import type { FontSource } from '../../render/index.ts';
import type { FontRecord, FontScope, NewFont, TemplateRef } from '../fonts.ts';
import type { Page, PageRequest } from '../pagination.ts';

/** Port: persistence of fonts and their files. */
export interface FontStore {
  /** One page of the fonts visible in `scope`, newest first. */
  list(scope: FontScope, page: PageRequest): Promise<Page<FontRecord>>;
  /** The font with this uuid when visible in `scope`. */
  find(scope: FontScope, uuid: string): Promise<FontRecord | undefined>;
  /** Stores a font and its bytes; returns the stored record. */
  insert(font: NewFont): Promise<FontRecord>;
  /** Sets the title of one of the project's own fonts; undefined when it has none with that uuid. */
  rename(projectId: string, uuid: string, title: string): Promise<FontRecord | undefined>;
  /** Templates of the project whose design references the font (font, alt_font or fontFamily). */
  templatesUsing(projectId: string, uuid: string): Promise<TemplateRef[]>;
  /** Deletes one of the project's own fonts and its bytes for good; false when not found. */
  remove(projectId: string, uuid: string): Promise<boolean>;
  /** The legacy fonts of an account, oldest first (operators only). */
  listLegacy(accountId: string): Promise<FontRecord[]>;
  /** Deletes a legacy font of an account and its bytes; false when not found (operators only). */
  removeLegacy(accountId: string, uuid: string): Promise<boolean>;
  /**
   * The files of the fonts with these uuids that the project may use (its own fonts and the
   * legacy fonts of its account), for the renderer. Unknown or foreign uuids are simply absent.
   */
  loadFontSources(projectId: string, uuids: string[]): Promise<FontSource[]>;
}
