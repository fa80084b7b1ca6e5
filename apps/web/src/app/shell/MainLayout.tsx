import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RoutePage } from '../RoutePage';
import { routeTable } from '../route-table';
import { Header } from './Header';
import { TabBar } from './TabBar';
import { TestAccountBox } from './TestAccountBox';
import './shell.css';

const keepAlive = routeTable.filter((entry) => entry.main && entry.keepAlive);

/**
 * The Main shell (/main's children): header, the page, the tab bar. Keep-alive pages (home) are
 * mounted on first visit and then only hidden, so their scroll position and data survive.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  const visited = useRef(new Set<string>());
  return (
    <div className="main-shell">
      <Header />
      <TestAccountBox />
      <main className="main-content">
        {keepAlive.map((entry) => {
          const active = pathname === entry.path;
          if (active) visited.current.add(entry.path);
          if (!visited.current.has(entry.path)) return null;
          return (
            <div key={entry.path} hidden={!active} className="keep-alive">
              <RoutePage entry={entry} />
            </div>
          );
        })}
        <Outlet />
      </main>
      <TabBar />
    </div>
  );
}
