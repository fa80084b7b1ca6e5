import { Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime, money } from '../../app/format.ts';
import { useAccountWords, useReferenceWords, useWords } from '../../app/vocabulary.ts';
import { PagedTable } from '../../components/PagedTable.tsx';

const Signed = ({ value }: { value: number }) => (
  <Typography.Text type={value < 0 ? 'danger' : 'success'}>
    {value > 0 ? '+' : ''}
    {money(value)}
  </Typography.Text>
);

function LedgerTab({ uId }: { uId: number }) {
  const { t } = useTranslation();
  const word = useWords();
  const account = useAccountWords();
  const reference = useReferenceWords();
  return (
    <PagedTable
      route="GET /players/:uId/ledger"
      params={{ uId }}
      pageSize={10}
      rowKey={(row) => `${row.txId}-${row.account}`}
      size="small"
      columns={[
        { title: t('ledger.txId'), dataIndex: 'txId', width: 90 },
        {
          title: t('ledger.code'),
          dataIndex: 'code',
          render: (code: string) => <Tag>{word('ledgerCode', code)}</Tag>,
        },
        { title: t('ledger.ref'), dataIndex: 'ref', ellipsis: true, render: reference },
        { title: t('ledger.account'), dataIndex: 'account', render: account },
        {
          title: t('ledger.amount'),
          dataIndex: 'amount',
          align: 'right',
          render: (v: number) => <Signed value={v} />,
        },
        { title: t('app.time'), dataIndex: 'time', render: dateTime },
      ]}
    />
  );
}

function BetsTab({ uId }: { uId: number }) {
  const { t } = useTranslation();
  const word = useWords();
  return (
    <PagedTable
      route="GET /players/:uId/bets"
      params={{ uId }}
      pageSize={10}
      rowKey={(row) => `${row.product}-${row.id}`}
      size="small"
      columns={[
        { title: t('bet.product'), dataIndex: 'product', render: (p: string) => t(`product.${p}`) },
        { title: t('bet.id'), dataIndex: 'id', width: 90 },
        { title: t('bet.game'), dataIndex: 'game', render: (game: string) => word('betGame', game) },
        { title: t('bet.amount'), dataIndex: 'amount', align: 'right', render: money },
        { title: t('bet.payout'), dataIndex: 'payout', align: 'right', render: money },
        {
          title: t('app.status'),
          dataIndex: 'status',
          render: (s: string) => <Tag>{word('betStatus', s)}</Tag>,
        },
        { title: t('app.time'), dataIndex: 'time', render: dateTime },
      ]}
    />
  );
}

function OrdersTab({ uId }: { uId: number }) {
  const { t } = useTranslation();
  return (
    <PagedTable
      route="GET /players/:uId/orders"
      params={{ uId }}
      pageSize={10}
      rowKey="orderId"
      size="small"
      columns={[
        { title: t('order.orderId'), dataIndex: 'orderId', width: 100 },
        {
          title: t('order.type'),
          dataIndex: 'type',
          render: (type: string) => (
            <Tag color={type === '10' ? 'blue' : 'magenta'}>
              {t(type === '10' ? 'order.deposit' : 'order.withdrawal')}
            </Tag>
          ),
        },
        { title: t('order.amount'), dataIndex: 'amount', align: 'right', render: money },
        { title: t('order.gift'), dataIndex: 'gift', align: 'right', render: money },
        {
          title: t('app.status'),
          dataIndex: 'status',
          render: (s: string) => t(`order.status.${s}`, { defaultValue: s }),
        },
        { title: t('order.review'), dataIndex: 'review', render: (r: string | null) => r ?? '—' },
        { title: t('app.time'), dataIndex: 'time', render: dateTime },
        { title: t('order.finishedAt'), dataIndex: 'finishedAt', render: dateTime },
      ]}
    />
  );
}

function SessionsTab({ uId }: { uId: number }) {
  const { t } = useTranslation();
  return (
    <PagedTable
      route="GET /players/:uId/sessions"
      params={{ uId }}
      pageSize={10}
      rowKey="time"
      size="small"
      columns={[
        { title: t('session.started'), dataIndex: 'time', render: dateTime },
        { title: t('session.expires'), dataIndex: 'expiresAt', render: dateTime },
        { title: t('session.revoked'), dataIndex: 'revokedAt', render: dateTime },
        {
          title: t('app.status'),
          dataIndex: 'live',
          render: (live: boolean) => (
            <Tag color={live ? 'green' : 'default'}>{t(live ? 'session.live' : 'session.ended')}</Tag>
          ),
        },
      ]}
    />
  );
}

/** The player's history, each tab paged by the server and loaded only when opened. */
export function PlayerTabs({ uId }: { uId: number }) {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'ledger', label: t('player.tabs.ledger'), children: <LedgerTab uId={uId} /> },
        { key: 'bets', label: t('player.tabs.bets'), children: <BetsTab uId={uId} /> },
        { key: 'orders', label: t('player.tabs.orders'), children: <OrdersTab uId={uId} /> },
        { key: 'sessions', label: t('player.tabs.sessions'), children: <SessionsTab uId={uId} /> },
      ]}
    />
  );
}
