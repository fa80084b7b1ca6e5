import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../components/page-props';
import { formatMoney } from '../../lib/format';
import { localeInfo } from '../../lib/locales';
import { openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { useToken } from '../../lib/token';
import { useRecords, type WalletRecord } from './api/records';
import { type RecordTab, recordKind, recordStatusKey, recordTabs } from './order-status';
import { TransferPopup } from './TransferPopup';
import './wallet.css';
import { Tabs, tabId } from '../../components/ui/Tabs';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function formatTime(time: number, intlTag: string): string {
  let format = dateFormats.get(intlTag);
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag, { dateStyle: 'short', timeStyle: 'short' });
    dateFormats.set(intlTag, format);
  }
  return Number.isFinite(time) ? format.format(time) : '-';
}

function RecordRow({ record }: { record: WalletRecord }) {
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
        <span>{formatTime(record.time, localeInfo(locale).intlTag)}</span>
        <span className={`record-status record-status-${statusKey}`}>{t(`records.status.${statusKey}`)}</span>
      </div>
      <div className="record-sub">
        <span>{t('records.order', { id: record.orderId })}</span>
        {record.gift > 0 ? (
          <span>{t('records.gift', { amount: formatMoney(record.gift, locale) })}</span>
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
        <button type="button" className="btn btn-ghost" onClick={() => void records.refetch()}>
          {t('records.retry')}
        </button>
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
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={records.isFetchingNextPage}
          onClick={() => void records.fetchNextPage()}
        >
          {records.isFetchingNextPage ? t('records.loading') : t('records.loadMore')}
        </button>
      ) : (
        <p className="wallet-small records-end">{t('records.end')}</p>
      )}
    </>
  );
}

/** /registros: the player's deposits and withdrawals, newest first, by tab; deposit, withdraw and transfer. */
export default function RecordsPage({ titleKey }: PageProps) {
  const { t } = useTranslation('wallet');
  const token = useToken((state) => state.token);
  const [tab, setTab] = useState<RecordTab>('all');
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
            <button type="button" className="btn btn-primary" onClick={() => openOverlay('deposit')}>
              {t('records.deposit')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => openOverlay('withdraw')}>
              {t('records.withdraw')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setTransferOpen(true)}>
              {t('records.transfer')}
            </button>
          </div>
          <Tabs
            label={title}
            value={tab}
            items={recordTabs.map((entry) => ({ value: entry.key, label: t(`records.tabs.${entry.key}`) }))}
            onChange={setTab}
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
            <RecordList key={tab} tab={tab} />
          </div>
          <TransferPopup visible={transferOpen} onClose={() => setTransferOpen(false)} />
        </>
      ) : (
        <div className="records-state">
          <p>{t('records.loginFirst')}</p>
          <button type="button" className="btn btn-primary" onClick={() => openOverlay('login')}>
            {t('common:header.login')}
          </button>
        </div>
      )}
    </section>
  );
}
