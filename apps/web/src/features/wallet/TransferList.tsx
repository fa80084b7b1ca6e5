import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { formatMoney } from '../../lib/format';
import { localeInfo } from '../../lib/locales';
import { usePrefs } from '../../lib/prefs';
import { type TransferRecord, useTransferRecords } from './api/transfer-records';
import { formatRecordTime } from './record-time';

function TransferRow({ record }: { record: TransferRecord }) {
  const { t } = useTranslation('wallet');
  const locale = usePrefs((state) => state.locale);
  const received = record.direction === 'in';
  return (
    <li className="record-row">
      <div className="record-main">
        <strong>{t(`transferRecords.${received ? 'in' : 'out'}`)}</strong>
        <span className={`record-amount ${received ? 'record-amount-deposit' : 'record-amount-lost'}`}>
          {received ? '+' : '−'}
          {formatMoney(record.amount, locale)}
        </span>
      </div>
      <div className="record-sub">
        <span>{formatRecordTime(record.time, localeInfo(locale).intlTag)}</span>
        <span>{t(`transferRecords.${received ? 'from' : 'to'}`, { name: record.counterpart })}</span>
      </div>
      <div className="record-sub">
        <span>{t('transferRecords.number', { id: record.id })}</span>
      </div>
    </li>
  );
}

/** The records page's transfers tab: what the player sent (−, red) and received (+, green), newest first. */
export function TransferList() {
  const { t } = useTranslation('wallet');
  const transfers = useTransferRecords(true);
  const rows = transfers.data?.pages.flatMap((page) => page.records) ?? [];
  if (transfers.isPending) return <p className="wallet-muted records-state">{t('records.loading')}</p>;
  if (transfers.isError && rows.length === 0) {
    return (
      <div className="records-state" role="alert">
        <p>{t('transferRecords.loadFailed')}</p>
        <Button variant="ghost" onClick={() => void transfers.refetch()}>
          {t('records.retry')}
        </Button>
      </div>
    );
  }
  if (rows.length === 0) return <p className="wallet-muted records-state">{t('transferRecords.empty')}</p>;
  return (
    <>
      <ul className="record-list" aria-label={t('transferRecords.tab')}>
        {rows.map((record) => (
          <TransferRow key={record.id} record={record} />
        ))}
      </ul>
      {transfers.hasNextPage ? (
        <Button
          variant="ghost"
          block
          busy={transfers.isFetchingNextPage}
          busyLabel={t('records.loading')}
          onClick={() => void transfers.fetchNextPage()}
        >
          {t('records.loadMore')}
        </Button>
      ) : (
        <p className="wallet-small records-end">{t('records.end')}</p>
      )}
    </>
  );
}
