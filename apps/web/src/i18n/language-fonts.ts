import type { Language } from '@vayu/domain';

/** Brings in the font faces of a language's script (resolves once they are declared). */
export type FontLoader = () => Promise<unknown>;

/**
 * The fonts a language needs beyond those of the theme's font stack. English
 * is drawn in the Latin fonts of the device; Hindi needs a Devanagari face,
 * which many devices lack (its letters would show as boxes). The stack names
 * "Noto Sans Devanagari" after the Latin fonts, so Latin text keeps its font.
 */
export const LANGUAGE_FONTS: Partial<Record<Language, FontLoader>> = {
  hi: () => import('./devanagari-font'),
};

/**
 * A function that loads the fonts of a language once (a failed load is tried
 * again on the next call). It never rejects: until the fonts are here, and if
 * they cannot be had, the text is drawn in the fonts the device has.
 */
export function createFontLoader(
  fonts: Partial<Record<Language, FontLoader>>,
): (language: Language) => Promise<void> {
  const loading = new Map<Language, Promise<void>>();
  return (language) => {
    const load = fonts[language];
    if (!load) return Promise.resolve();
    let pending = loading.get(language);
    if (!pending) {
      pending = load().then(
        () => undefined,
        (error: unknown) => {
          loading.delete(language);
          console.error(error);
        },
      );
      loading.set(language, pending);
    }
    return pending;
  };
}

/** Loads the fonts of a language, once; nothing for English. */
export const loadLanguageFont = createFontLoader(LANGUAGE_FONTS);
