/*
 * Noto Sans Devanagari, Devanagari letters only (font-display: swap), in the
 * weights the console draws: 400 for text, 500 for labels and names, 600 for
 * buttons and emphasis, 700 for bold text and headings (650 is drawn in 700).
 * Only language-fonts.ts imports this, when Hindi is chosen, so the build puts
 * these styles and their font files in a chunk of their own that English pages
 * never load.
 */
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-500.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
