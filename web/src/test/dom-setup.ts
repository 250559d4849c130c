import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { fakeApi, fakeFetch } from './fake-api';

// jsdom has no layout: Mantine asks for media queries and observes element sizes.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.HTMLElement.prototype.scrollIntoView = () => {};

// What a component shows after a fake answer and a render can take seconds on two busy cores, not the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

// Before the app's modules load: its API clients keep the fetch they find when they are created.
vi.stubGlobal('fetch', fakeFetch);

afterEach(() => {
  cleanup();
  fakeApi.reset();
  sessionStorage.clear();
  localStorage.clear();
});
