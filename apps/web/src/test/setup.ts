import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installMatchMedia, resetMatchMedia } from './media';

/** `findBy…` and `waitFor` wait up to 5 s: whole-app renders load lazy routes first. */
configure({ asyncUtilTimeout: 5000 });

/** jsdom lacks the layout APIs Mantine reads; these stand-ins do nothing. */
installMatchMedia();

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.scrollTo ??= () => {};
window.scrollTo = () => {};
// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  document.body.removeAttribute('data-theme');
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  resetMatchMedia();
});
