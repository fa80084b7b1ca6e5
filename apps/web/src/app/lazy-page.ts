import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageLoader, PageProps, RouteEntry } from './route-table';

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

export function lazyPage(entry: RouteEntry): LazyExoticComponent<ComponentType<PageProps>> {
  let component = lazyByLoader.get(entry.load);
  if (!component) {
    component = lazy(withTimeout(entry.load));
    lazyByLoader.set(entry.load, component);
  }
  return component;
}
