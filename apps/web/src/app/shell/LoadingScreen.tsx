import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/art/Logo';
import { routeTable } from '../route-table';

const home = routeTable.find((entry) => entry.path === '/home');

/** `/`: the splash shown while home's chunk loads, then home (keeping the query, e.g. isapp=1). */
export function LoadingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    let cancelled = false;
    const go = () => {
      if (!cancelled) void navigate({ pathname: '/home', search }, { replace: true });
    };
    // Warm home's chunk first so the splash, not a blank page, covers the wait.
    if (home) home.load().then(go, go);
    else go();
    return () => {
      cancelled = true;
    };
  }, [navigate, search]);
  return (
    <section className="loading-screen" aria-busy="true" aria-label={t('app.loading')}>
      <div className="loading-logo">
        <Logo />
      </div>
      <span className="spinner" />
      <p>{t('app.loading')}</p>
    </section>
  );
}
