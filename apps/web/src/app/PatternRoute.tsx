import { Navigate, useLocation } from 'react-router';
import { RoutePage } from './RoutePage';
import { matchPattern } from './route-match';

/** The catch-all: a pattern entry such as /y{yqm} when one matches, else back to / (spec.md section 2). */
export function PatternRoute() {
  const { pathname } = useLocation();
  const match = matchPattern(pathname);
  if (!match) return <Navigate to="/" replace />;
  return <RoutePage key={match.entry.path} entry={match.entry} params={match.params} />;
}
