import {
  DEFAULT_LANGUAGE,
  groupIndian,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  type TotalKind,
} from '@vayu/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguageFont } from './language-fonts';
import type { Translations } from './locales/en';
import { enCore } from './locales/en-core';

/**
 * The texts of the frame every page shares are built in, in English; the
 * console adds the English texts of its areas when it starts
 * (`addDictionary`). The other dictionaries are loaded when their language is
 * chosen (or remembered in the `lang` cookie), so a visitor downloads only the
 * texts of one language.
 */
const DICTIONARIES: Record<Language, () => Promise<Translations>> = {
  en: async () => (await import('./locales/en')).en,
  hi: async () => (await import('./locales/hi')).hi,
};

/** Languages whose whole dictionary is here. */
const complete = new Set<Language>();

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language kept in the `lang` cookie, or the default when it is missing or unknown. */
export function readLanguageCookie(cookie: string = document.cookie): Language {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
  const value = entry ? decodeURIComponent(entry.slice(LANGUAGE_COOKIE.length + 1)) : undefined;
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

function writeLanguageCookie(language: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: enCore } },
  // The remembered language is applied by loadInitialLanguage, once its texts are here.
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function getCurrentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Adds the whole dictionary of a language (texts already there are kept as they are). */
export function addDictionary(language: Language, texts: Translations): void {
  if (complete.has(language)) return;
  i18n.addResourceBundle(language, 'translation', texts, true, false);
  complete.add(language);
}

/**
 * Loads the texts of a language (once) and shows the console in it. The font
 * of its script (Devanagari for Hindi; none for English) is fetched alongside,
 * not waited for: its faces swap in when they arrive.
 */
async function showLanguage(language: Language): Promise<void> {
  void loadLanguageFont(language);
  if (!complete.has(language)) addDictionary(language, await DICTIONARIES[language]());
  await i18n.changeLanguage(language);
}

/**
 * Loads the dictionary of the language in the `lang` cookie before the first
 * render. Until it is there the texts are English; if it cannot be loaded they
 * stay English.
 */
export async function loadInitialLanguage(): Promise<void> {
  const language = readLanguageCookie();
  if (language === DEFAULT_LANGUAGE) return;
  try {
    await showLanguage(language);
  } catch (error) {
    console.error(error);
  }
}

/** Switches the language without a reload and remembers it in the `lang` cookie. */
export async function setLanguage(language: Language): Promise<void> {
  writeLanguageCookie(language);
  await showLanguage(language);
}

const NUMBER_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/**
 * The total of a page as the console words it: the number when it is exact,
 * "about 98,000" for an estimate, "more than 1,000" for a lower bound (the
 * API's `total` is then the least number of matches, one more than the bound).
 */
export function formatTotal(
  page: { total: number; totalKind: TotalKind } | undefined,
  language: Language = getCurrentLanguage(),
): string {
  if (!page) return formatNumber(0, language);
  switch (page.totalKind) {
    case 'exact':
      return formatNumber(page.total, language);
    case 'estimate':
      return i18n.t('pagination.totalAbout', { total: formatNumber(page.total, language), lng: language });
    case 'atLeast':
      return i18n.t('pagination.totalMoreThan', {
        total: formatNumber(Math.max(0, page.total - 1), language),
        lng: language,
      });
  }
}

/** One formatter per language, for numbers that are not whole. */
const numberFormats = new Map<Language, Intl.NumberFormat>();

/**
 * Formats a number for the current language: whole numbers in the Indian grouping both languages
 * use (1,00,000), without Intl (see `groupIndian`); others by the language's Intl.NumberFormat.
 */
export function formatNumber(value: number, language: Language = getCurrentLanguage()): string {
  if (Number.isSafeInteger(value)) return groupIndian(value);
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[language]);
    numberFormats.set(language, format);
  }
  return format.format(value);
}
