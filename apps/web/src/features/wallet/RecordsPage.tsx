import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../components/page-props';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { formatMoney } from '../../lib/format';
import { localeInfo } from '../../lib/locales';
import { openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { useToken } from '../../lib/token';
import { useBetLines } from './api/bets';
import { useRecords, type WalletRecord } from './api/records';
import type { BetLine } from './bet-records';
import { type RecordTab, recordKind, recordStatusKey, recordTabs } from './order-status';
import { formatRecordTime } from './record-time';
import { TransferList } from './TransferList';
import { TransferPopup } from './TransferPopup';
import './wallet.css';
import { Button } from '../../components/ui/Button';
import { Tabs, tabId } from '../../components/ui/Tabs';

export function RecordRow({ record }: { record: WalletRecord }) {
  const { t } = useTranslation('wallet');
  const locale = usePrefs((state) => state.locale);
  const kind = recordKind(record.type);
  const statusKey = recordStatusKey(record.type, record.status);
  // A cancelled or expired order moved no money: its amount is shown without a sign, struck through.
  const moved = statusKey !== 'cancelled';
  const sign = !moved ? '' : kind === 'withdraw' ? '−' : '+';
  return (
    <li className="record-row">
      <div className="record-main">
        <strong>{t(`records.kind.${kind}`)}</strong>
        <span className={`record-amount ${moved ? `record-amount-${kind}` : 'record-amount-void'}`}>
          {sign}
          {formatMoney(record.amount, locale)}
        </span>
      </div>
      <div className="record-sub">
        <span>{formatRecordTime(record.time, localeInfo(locale).intlTag)}</span>
        <span className={`record-status record-status-${statusKey}`}>{t(`records.status.${statusKey}`)}</span>
      </div>
      <div className="record-sub">
        <span>{t('records.order', { id: record.orderId })}</span>
        {record.gift > 0 ? (
          <span>{t('records.gift', { amount: formatMoney(record.gift, locale) })}</span>
        ) : null}
        {record.tax !== undefined && record.tax > 0 ? (
          <span className="record-tax">
            {t('records.tax', {
              tax: formatMoney(record.tax, locale),
              gross: formatMoney(record.gross ?? record.amount + record.tax, locale),
            })}
          </span>
        ) : null}
        {record.payCardBank ? (
          <span>
            {record.payCardBank} {record.payCardNo ?? ''}
          </span>
        ) : null}
      </div>
    </li>
  );
}

function RecordList({ tab }: { tab: RecordTab }) {
  const { t } = useTranslation('wallet');
  const type = recordTabs.find((entry) => entry.key === tab)?.type;
  const records = useRecords(type, true);
  const rows = records.data?.pages.flatMap((page) => page.records) ?? [];
  if (records.isPending) return <p className="wallet-muted records-state">{t('records.loading')}</p>;
  if (records.isError && rows.length === 0) {
    return (
      <div className="records-state" role="alert">
        <p>{t('records.loadFailed')}</p>
        <Button variant="ghost" onClick={() => void records.refetch()}>
          {t('records.retry')}
        </Button>
      </div>
    );
  }
  if (rows.length === 0) return <p className="wallet-muted records-state">{t('records.empty')}</p>;
  return (
    <>
      <ul className="record-list" aria-label={t(`records.tabs.${tab}`)}>
        {rows.map((record) => (
          <RecordRow key={record.orderId} record={record} />
        ))}
      </ul>
      {records.hasNextPage ? (
        <Button
          variant="ghost"
          block
          disabled={records.isFetchingNextPage}
          onClick={() => void records.fetchNextPage()}
        >
          {records.isFetchingNextPage ? t('records.loading') : t('records.loadMore')}
        </Button>
      ) : (
        <p className="wallet-small records-end">{t('records.end')}</p>
      )}
    </>
  );
}

// What a bet did to the player's money, as the row shows it: the return of a win or refund (or a full cash-out),
// the stake of a loss, nothing moved yet for an open bet.
const betLook = {
  open: { sign: '', amountClass: '', statusClass: 'pending' },
  cashedOut: { sign: '+', amountClass: 'record-amount-deposit', statusClass: 'paid' },
  won: { sign: '+', amountClass: 'record-amount-deposit', statusClass: 'credited' },
  refund: { sign: '+', amountClass: '', statusClass: 'paid' },
  lost: { sign: '−', amountClass: 'record-amount-lost', statusClass: 'cancelled' },
} as const;

function BetRow({ line }: { line: BetLine }) {
  const { t } = useTranslation('engage');
  const locale = usePrefs((state) => state.locale);
  const name =
    line.source === 'game'
      ? t(`common:pages.${line.name}`, { defaultValue: line.name })
      : line.source === 'slots'
        ? line.name
        : `${t('records.sports')} · ${t(`records.slip.${line.name === 'parlay' ? 'parlay' : 'single'}`)}`;
  const look = betLook[line.outcome];
  const shown = line.outcome === 'open' || line.outcome === 'lost' ? line.amount : line.payout;
  return (
    <li className="record-row">
      <div className="record-main">
        <strong>{name}</strong>
        <span className={`record-amount ${look.amountClass}`}>
          {look.sign}
          {formatMoney(shown, locale)}
        </span>
      </div>
      <div className="record-sub">
        <span>{formatRecordTime(line.time, localeInfo(locale).intlTag)}</span>
        <span className={`record-status record-status-${look.statusClass}`}>
          {t(`records.outcome.${line.outcome}`)}
        </span>
      </div>
      <div className="record-sub">
        <span>{t('records.stake', { amount: formatMoney(line.amount, locale) })}</span>
      </div>
      {/* A partial cash-out: what came back already and the stake still in play. */}
      {line.cashout && line.outcome !== 'cashedOut' ? (
        <div className="record-sub">
          <span>
            {t('records.cashoutPart', {
              paid: formatMoney(line.cashout.paid, locale),
              remaining: formatMoney(line.cashout.remainingStake, locale),
            })}
          </span>
        </div>
      ) : null}
    </li>
  );
}

/** The bets tab: in-house games and sportsbook together, newest first. */
function BetList() {
  const { t } = useTranslation('engage');
  const bets = useBetLines(true);
  if (bets.isPending) return <p className="wallet-muted records-state">{t('loading')}</p>;
  if (bets.isError) {
    return (
      <div className="records-state" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="ghost" onClick={() => void bets.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (bets.data.length === 0) return <p className="wallet-muted records-state">{t('records.empty')}</p>;
  return (
    <ul className="record-list" aria-label={t('records.bets')}>
      {bets.data.map((line) => (
        <BetRow key={line.key} line={line} />
      ))}
    </ul>
  );
}

type Tab = RecordTab | 'bets' | 'transfers';

/** /registros: the player's deposits, withdrawals, bets and transfers, newest first, by tab; deposit, withdraw and transfer. */
export default function RecordsPage({ titleKey }: PageProps) {
  const { t } = useTranslation('wallet');
  // Transfers are offered only once the operator's profile is known: a br-licensed player never sees the
  // button flash in while the config loads (the server refuses transfers there too; decision 0025).
  const profile = useQuery(supportConfigQueryOptions).data?.regulatoryProfile;
  const licensed = profile !== 'open';
  const token = useToken((state) => state.token);
  const [tab, setTab] = useState<Tab>('all');
  const [transferOpen, setTransferOpen] = useState(false);
  const title = t(`common:pages.${titleKey}`);
  return (
    <section className="page records-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      {token ? (
        <>
          <div className="records-actions">
            <Button variant="primary" onClick={() => openOverlay('deposit')}>
              {t('records.deposit')}
            </Button>
            <Button variant="ghost" onClick={() => openOverlay('withdraw')}>
              {t('records.withdraw')}
            </Button>
            {/* br-licensed: no transfers between players (the server refuses them too; decision 0025). */}
            {licensed ? null : (
              <Button variant="ghost" onClick={() => setTransferOpen(true)}>
                {t('records.transfer')}
              </Button>
            )}
          </div>
          <Tabs
            label={title}
            value={tab}
            items={[
              ...recordTabs.map((entry) => ({
                value: entry.key as Tab,
                label: t(`records.tabs.${entry.key}`),
              })),
              { value: 'bets' as Tab, label: t('engage:records.bets') },
              { value: 'transfers' as Tab, label: t('transferRecords.tab') },
            ]}
            onChange={setTab}
            // Five tabs do not fit a phone's width as segments: pills that scroll sideways do.
            variant="chips"
            idPrefix="records-tab"
            panelId="records-panel"
            className="records-tabs"
          />
          <div
            id="records-panel"
            role="tabpanel"
            aria-labelledby={tabId('records-tab', tab)}
            className="records-panel"
          >
            {tab === 'bets' ? (
              <BetList />
            ) : tab === 'transfers' ? (
              <TransferList />
            ) : (
              <RecordList key={tab} tab={tab} />
            )}
          </div>
          {licensed ? null : <TransferPopup visible={transferOpen} onClose={() => setTransferOpen(false)} />}
        </>
      ) : (
        <div className="records-state">
          <p>{t('records.loginFirst')}</p>
          <Button variant="primary" onClick={() => openOverlay('login')}>
            {t('common:header.login')}
          </Button>
        </div>
      )}
    </section>
  );
}
