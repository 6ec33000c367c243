import { createElement, lazy, type ComponentType } from 'react';

/** A lazily loaded component that can be fetched ahead, and renders without suspending once it is. */
export type PreloadableComponent<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * Like React.lazy, with one difference that matters after sign-in: once the module has loaded
 * (preloaded, or shown before), the component renders directly. React.lazy would still suspend for
 * a moment on first use, and React then holds the fallback on screen for at least 300 ms
 * (its FALLBACK_THROTTLE_MS) before revealing the page: a third of the first screen's budget.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    // a failed load is forgotten, so the next attempt fetches again
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  const Preloadable = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Preloadable, { preload });
}
