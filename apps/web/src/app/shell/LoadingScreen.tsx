import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeTable } from '../route-table';
import { HomeSkeleton } from './HomeSkeleton';

const home = routeTable.find((entry) => entry.path === '/home');

/**
 * `/`: the loading screen shown while home's chunk loads, then home (keeping the query, e.g. isapp=1). It is the
 * picture of home that home.html paints before the scripts, so the player sees one loading state, not a splash.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    let cancelled = false;
    const go = () => {
      if (!cancelled) void navigate({ pathname: '/home', search }, { replace: true });
    };
    // Warm home's chunk first so the picture, not a blank page, covers the wait.
    if (home) home.load().then(go, go);
    else go();
    return () => {
      cancelled = true;
    };
  }, [navigate, search]);
  return <HomeSkeleton withHeader label={t('app.loading')} />;
}
