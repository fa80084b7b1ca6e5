import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PatternRoute } from './PatternRoute';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { RoutePage } from './RoutePage';
import { isPattern } from './route-match';
import { type RouteEntry, routeTable } from './route-table';
import { LoadingScreen } from './shell/LoadingScreen';
import { MainLayout } from './shell/MainLayout';

function toRoute(entry: RouteEntry): RouteObject {
  // Keep-alive pages are drawn by the Main shell itself, so the outlet stays empty for them.
  return { path: entry.path, element: entry.keepAlive ? null : <RoutePage entry={entry} /> };
}

const plain = routeTable.filter((entry) => !isPattern(entry));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LoadingScreen /> },
      { path: 'main', element: <Navigate to="/home" replace /> },
      { element: <MainLayout />, children: plain.filter((entry) => entry.main).map(toRoute) },
      ...plain.filter((entry) => !entry.main).map(toRoute),
      { path: '*', element: <PatternRoute /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
