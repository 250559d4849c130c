import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A screen loaded when first shown. `preload` starts loading it earlier, sharing one import with the lazy component, so
 * that a screen whose code has arrived renders without suspending.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () => (loading ??= load());
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}
