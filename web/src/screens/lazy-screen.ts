import { type ComponentType, createElement, lazy } from 'react';

export type LazyScreen = ComponentType & {
  /** Starts loading the screen's code before it is shown. */
  preload: () => Promise<unknown>;
  /** After a load that failed: the next render imports the code again. */
  reload: () => void;
};

/**
 * A screen loaded when first shown. `preload` starts loading it earlier, sharing one import with the screen, so that a
 * screen whose code has arrived renders without suspending. A failed load stays failed (its error boundary shows it)
 * until `reload`, so that a refused chunk is not asked for again and again.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let failed = false;
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      failed = true;
      throw error;
    }));
  let Loaded = lazy(loadOnce);
  const reload = () => {
    if (!failed) return;
    failed = false;
    loading = undefined;
    // React keeps a lazy component's failure for good: the next render takes a fresh one.
    Loaded = lazy(loadOnce);
  };
  const Screen = () => createElement(Loaded);
  return Object.assign(Screen, { preload: loadOnce, reload });
}
