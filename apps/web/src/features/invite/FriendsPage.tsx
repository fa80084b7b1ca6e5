import type { FriendRecord } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../components/page-props';
import { Button } from '../../components/ui/Button';
import { Tabs } from '../../components/ui/Tabs';
import { formatMoney } from '../../lib/format';
import { useBonusesOffered } from '../../lib/offers';
import { usePrefs } from '../../lib/prefs';
import { useToken } from '../../lib/token';
import { useFriends, useInviteInfo } from './api';
import { groupRows } from './group-rows';
import { inviteNamespace } from './invite-i18n';
import { LoginPrompt } from './LoginPrompt';
import './invite.css';

const depths = [1, 2, 3] as const;

function FriendCard({ friend }: { friend: FriendRecord }) {
  const { t } = useTranslation(inviteNamespace);
  const locale = usePrefs((state) => state.locale);
  const offered = useBonusesOffered();
  return (
    <li className="friend-card">
      <strong className="friend-name">{friend.username}</strong>
      <span className="friend-level">{t('friends.level', { level: friend.level })}</span>
      <span className={friend.deposited ? 'friend-flag friend-flag-on' : 'friend-flag'}>
        {friend.deposited ? t('friends.deposited') : t('friends.notDeposited')}
      </span>
      {offered ? (
        <span className="friend-figure">
          <small>{t('friends.earned')}</small>
          {formatMoney(friend.commission, locale)}
        </span>
      ) : null}
    </li>
  );
}

function FriendList({ depth }: { depth: number }) {
  const { t } = useTranslation(inviteNamespace);
  const friends = useFriends(depth);
  if (friends.isPending) return <p className="invite-state invite-muted">{t('loading')}</p>;
  if (friends.isError) {
    return (
      <div className="invite-state" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="ghost" onClick={() => void friends.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (friends.data.records.length === 0) {
    return <p className="invite-state invite-muted">{t('friends.empty')}</p>;
  }
  return (
    <section className="friend-rows" aria-label={t('friends.depth', { depth })}>
      {groupRows(friends.data.records).map((row) => (
        <ul className="friend-row" key={row.map((friend) => `${friend.username}${friend.time}`).join('|')}>
          {row.map((friend) => (
            <FriendCard key={`${friend.username}${friend.time}`} friend={friend} />
          ))}
        </ul>
      ))}
      {friends.data.total > friends.data.records.length ? (
        <p className="invite-muted invite-more">
          {t('friends.more', { shown: friends.data.records.length, total: friends.data.total })}
        </p>
      ) : null}
    </section>
  );
}

/** /friends (and /my): the players the player invited, three levels deep, and what they earned the player. */
export default function FriendsPage(_props: PageProps) {
  const { t } = useTranslation(inviteNamespace);
  const locale = usePrefs((state) => state.locale);
  const token = useToken((state) => state.token);
  const info = useInviteInfo(Boolean(token));
  const [depth, setDepth] = useState<number>(1);
  // Under the Brazilian licence no commission is paid (decision 0036): friends are listed, earnings are not.
  const offered = useBonusesOffered();
  if (!token) return <LoginPrompt />;
  return (
    <section className="invite-page" aria-labelledby="friends-title">
      <h2 id="friends-title" className="invite-title">
        {t('friends.title')}
      </h2>
      <dl className="invite-card invite-stats">
        <div>
          <dt>{t('stats.invited')}</dt>
          <dd>{info.data?.invitedCount ?? '-'}</dd>
        </div>
        <div>
          <dt>{t('stats.deposited')}</dt>
          <dd>{info.data?.depositedCount ?? '-'}</dd>
        </div>
        {offered ? (
          <div>
            <dt>{t('stats.total')}</dt>
            <dd>{info.data ? formatMoney(info.data.commissionTotal, locale) : '-'}</dd>
          </div>
        ) : null}
      </dl>
      <Tabs
        label={t('friends.depthLabel')}
        value={depth}
        items={depths.map((value) => ({ value, label: t('friends.depth', { depth: value }) }))}
        onChange={setDepth}
      />
      <FriendList depth={depth} />
      <div className="invite-actions">
        <Link className="btn btn-primary btn-block" to="/share">
          {t('friends.invite')}
        </Link>
        {offered ? (
          <Link className="btn btn-ghost btn-block" to="/agentJl2">
            {t('friends.agent')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
