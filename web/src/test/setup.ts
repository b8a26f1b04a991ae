import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetCsrfToken } from '@/api/client';
import { fakeMediaQueryList } from './media-query';

// findBy/waitFor wait up to 5 s: AG Grid and Mantine settle slower on CI's two busy cores than
// the library's 1 s default allows.
configure({ asyncUtilTimeout: 5000 });

// Test files share one module graph (isolate: false in vite.config.ts), so whatever lives at
// module level is reset here: the rendered tree, storage, the cached CSRF token and Mantine's
// notification store.
afterEach(() => {
  cleanup();
  notifications.clean();
  resetCsrfToken();
  sessionStorage.clear();
  localStorage.clear();
});

// Mantine needs these browser APIs, which happy-dom lacks or stubs partially.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => fakeMediaQueryList(query, false),
  });
}
// Autosize textareas listen to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => {};

afterEach(() => {
  vi.unstubAllGlobals();
});
