import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaySession } from './session-api';
import './rg.css';

const pad = (value: number) => String(value).padStart(2, '0');

/** The time played this session, in the header (issue 15): shown while a play session runs. */
export function SessionTimer({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const session = usePlaySession(enabled);
  const startedAt = session.data?.startedAt ?? null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  if (!enabled || startedAt === null) return null;
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  const text = `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return (
    <span className="shell-session" title={t('rg.sessionTime')}>
      <span className="visually-hidden">{t('rg.sessionTime')}: </span>
      <time>{text}</time>
    </span>
  );
}
