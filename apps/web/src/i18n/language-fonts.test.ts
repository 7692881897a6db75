import { LANGUAGE_COOKIE } from '@vayu/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFontLoader, LANGUAGE_FONTS } from './language-fonts';
import type { i18n } from './index';

// The font's styles are stood in for by a module that only names itself.
vi.mock('./devanagari-font', () => ({ standsFor: 'devanagari-font' }));

describe('createFontLoader', () => {
  it('loads the Hindi font when Hindi is chosen, and nothing for English', async () => {
    const calls: string[] = [];
    const load = createFontLoader({ hi: () => (calls.push('hi'), Promise.resolve()) });

    await load('en');
    expect(calls).toEqual([]);

    await load('hi');
    expect(calls).toEqual(['hi']);
  });

  it('loads a font once, however often its language is chosen', async () => {
    let calls = 0;
    const load = createFontLoader({ hi: () => (calls++, Promise.resolve()) });
    await Promise.all([load('hi'), load('hi')]);
    await load('hi');
    expect(calls).toBe(1);
  });

  it('does not fail when the font cannot be loaded, and tries again the next time', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const load = createFontLoader({
      hi: () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve()),
    });

    await expect(load('hi')).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledOnce();
    await load('hi');
    await load('hi');
    expect(calls).toBe(2);
  });

  it('has a font for Hindi only: the Devanagari module, imported when it is asked for', async () => {
    expect(Object.keys(LANGUAGE_FONTS)).toEqual(['hi']);
    await expect(LANGUAGE_FONTS.hi?.()).resolves.toHaveProperty('standsFor', 'devanagari-font');
  });
});

describe('the Devanagari font, as the console chooses its language', () => {
  /**
   * The i18n module as a fresh page load has it (its font loader has loaded
   * nothing yet), and a watch on the Hindi font's loader (which still loads it).
   */
  let started: { i18n: typeof i18n } | undefined;

  async function startPage(cookie?: string) {
    vi.resetModules();
    if (cookie) document.cookie = cookie;
    const [page, fonts] = await Promise.all([import('./index'), import('./language-fonts')]);
    started = page;
    const devanagari = vi.spyOn(fonts.LANGUAGE_FONTS, 'hi');
    return { ...page, devanagari };
  }

  // The files of a worker share modules: the page's fresh i18n module is the one the next files
  // import, so it is left in English.
  afterEach(async () => {
    document.cookie = `${LANGUAGE_COOKIE}=; max-age=0; path=/`;
    if (started && started.i18n.language !== 'en') await started.i18n.changeLanguage('en');
    started = undefined;
  });

  it('is not loaded by an English page, at start or when English is chosen', async () => {
    const { loadInitialLanguage, setLanguage, devanagari } = await startPage();
    await loadInitialLanguage();
    await setLanguage('en');
    expect(devanagari).not.toHaveBeenCalled();
  });

  it('is loaded when the user switches to Hindi, once', async () => {
    const { setLanguage, devanagari } = await startPage();
    await setLanguage('hi');
    expect(devanagari).toHaveBeenCalledOnce();
    await setLanguage('en');
    await setLanguage('hi');
    expect(devanagari).toHaveBeenCalledOnce();
  });

  it('is loaded at start when the remembered language is Hindi', async () => {
    const { loadInitialLanguage, getCurrentLanguage, devanagari } = await startPage(
      `${LANGUAGE_COOKIE}=hi; path=/`,
    );
    await loadInitialLanguage();
    expect(getCurrentLanguage()).toBe('hi');
    expect(devanagari).toHaveBeenCalledOnce();
  });
});
