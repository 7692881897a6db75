import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { closeAllDialogs } from '../components/dialogs';
import { addDictionary, i18n } from '../i18n';
import { en } from '../i18n/locales/en';
import { hi } from '../i18n/locales/hi';

// The console adds the English texts of its areas when it starts, and loads Hindi when it is
// chosen; tests have both from the start, so that those wording things in Hindi switch synchronously.
addDictionary('en', en);
addDictionary('hi', hi);

// findBy…/waitFor wait for a condition; a busy 2-core machine may take seconds to draw a screen
// with its data (the default of one second failed the first test of a file now and then).
configure({ asyncUtilTimeout: 30_000 });

// Mantine reads media queries and observes element sizes; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's ScrollArea and focus handling call these; jsdom leaves them out.
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => {} });

// The files of a worker share one page and one set of modules (isolate: false), so each test
// leaves them as it found them: no dialog, notification, address, storage, cookie or language.
afterEach(async () => {
  act(() => {
    closeAllDialogs();
    notifications.clean();
    notifications.cleanQueue();
  });
  cleanup();
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie = 'lang=; max-age=0; path=/';
  if (i18n.language !== 'en') await act(() => i18n.changeLanguage('en'));
});
