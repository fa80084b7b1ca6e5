import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageLoader, PageModule, PageProps, RouteEntry } from './route-table';

// spec.md section 8: a page chunk that has not arrived after 120 s counts as failed, so the error
// boundary can offer a way out instead of an endless spinner.
export const chunkLoadTimeoutMs = 120_000;

export function withTimeout(load: PageLoader, timeoutMs = chunkLoadTimeoutMs): PageLoader {
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`page chunk timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

// One lazy component per loader, so /friends and /my share the same component and keep-alive
// pages are not re-created.
const lazyByLoader = new Map<PageLoader, LazyExoticComponent<ComponentType<PageProps>>>();
// Pages whose module arrived before they were first drawn (preloadPage): drawn at once, with no fallback frame.
const loadedByLoader = new Map<PageLoader, PageModule>();

/**
 * Loads a page's module ahead of its first render (the home on a first visit, fetched beside the entry), so that
 * the page is drawn in the same frame as the app, without a Suspense fallback in between.
 */
export async function preloadPage(entry: RouteEntry): Promise<void> {
  const module = await withTimeout(entry.load)();
  loadedByLoader.set(entry.load, module);
}

export function lazyPage(entry: RouteEntry): ComponentType<PageProps> {
  // A lazy component already handed out stays the one used, so React keeps the page mounted.
  const existing = lazyByLoader.get(entry.load);
  if (existing) return existing;
  const loaded = loadedByLoader.get(entry.load);
  if (loaded) return loaded.default;
  const component = lazy(withTimeout(entry.load));
  lazyByLoader.set(entry.load, component);
  return component;
}
