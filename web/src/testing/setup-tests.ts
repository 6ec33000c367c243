import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// lazy routes are transpiled on first use, and role queries walk antd's large trees: give findBy*
// queries room on a busy machine (CI runs the web tests beside integration and e2e suites)
configure({ asyncUtilTimeout: 15000 });

// jsdom tests over big antd trees run beside browsers and whole stacks on CI's 2 cores: a test that
// takes 15-20 s on an idle machine took over 60 s there (invoices, standing orders)
jest.setTimeout(120_000);

// antd reads media queries (responsive grid, the mobile check); jsdom has no matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// @rc-component/form batches with MessageChannel, which jsdom 20 lacks: a timer does the same job.
if (!('MessageChannel' in globalThis)) {
  class TimerMessageChannel {
    port1: { onmessage: ((event: { data: unknown }) => void) | null; close(): void } = { onmessage: null, close: () => undefined };
    port2 = {
      postMessage: (data: unknown) => {
        setTimeout(() => this.port1.onmessage?.({ data }), 0);
      },
      close: () => undefined,
    };
  }
  Object.assign(globalThis, { MessageChannel: TimerMessageChannel });
}

// Each test starts as a browser that has signed in before (the gateway's session hint is set), so
// the app asks GET /api/auth/user and the test's mocked answer decides; app/session-hint.test.tsx
// removes the hint to be a first-time visitor.
beforeEach(() => {
  document.cookie = 'bakery_signed_in=1; path=/';
});
