import { Suspense } from 'react';
import { PageFallback } from '../components/PageFallback';
import { lazyPage } from './lazy-page';
import { RequireLogin } from './RequireLogin';
import type { RouteEntry } from './route-table';
import { HomeSkeleton } from './shell/HomeSkeleton';

const noParams: Readonly<Record<string, string>> = {};

/** One route table entry on screen: lazy page, suspense fallback and, when flagged, the login guard. */
export function RoutePage({
  entry,
  params = noParams,
}: {
  entry: RouteEntry;
  params?: Record<string, string>;
}) {
  const Page = lazyPage(entry);
  const page = (
    // Home waits behind the same picture as its first paint (one loading state); other pages behind a spinner.
    <Suspense fallback={entry.path === '/home' ? <HomeSkeleton /> : <PageFallback />}>
      <Page titleKey={entry.title} params={params} />
    </Suspense>
  );
  return entry.auth ? <RequireLogin>{page}</RequireLogin> : page;
}
