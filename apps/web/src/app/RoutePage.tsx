import { Suspense } from 'react';
import { PageFallback } from '../components/PageFallback';
import { lazyPage } from './lazy-page';
import { RequireLogin } from './RequireLogin';
import type { RouteEntry } from './route-table';

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
    <Suspense fallback={<PageFallback />}>
      <Page titleKey={entry.title} params={params} />
    </Suspense>
  );
  return entry.auth ? <RequireLogin>{page}</RequireLogin> : page;
}
