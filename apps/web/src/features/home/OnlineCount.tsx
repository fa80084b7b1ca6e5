import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { localeInfo } from '../../lib/locales';
import { usePrefs } from '../../lib/prefs';
import { formatOnline, onlineCount, onlineRefreshMs } from './online-count';

/** "N playing now" from the operator's onlineBase (spec.md section 9), redrawn every 30 s. */
export function OnlineCount() {
  const { t } = useTranslation('engage');
  const locale = usePrefs((state) => state.locale);
  const { data: config } = useQuery(supportConfigQueryOptions);
  const [random, setRandom] = useState(() => Math.random());
  useEffect(() => {
    const timer = setInterval(() => setRandom(Math.random()), onlineRefreshMs);
    return () => clearInterval(timer);
  }, []);
  const base = config?.onlineBase ?? 0;
  if (!(base > 0)) return null;
  return (
    <p className="home-online" data-testid="online-count">
      <span className="home-online-dot" aria-hidden="true" />
      {t('home.online', { value: formatOnline(onlineCount(base, random), localeInfo(locale).intlTag) })}
    </p>
  );
}
