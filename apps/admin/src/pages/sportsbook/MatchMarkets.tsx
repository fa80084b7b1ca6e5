import type { AdminMarketRecord } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { money } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { useChange } from '../../components/useChange.ts';

const MARKET_STATUSES = ['open', 'suspended', 'closed'] as const;
type MarketStatus = (typeof MARKET_STATUSES)[number];
const STATUS_COLOR: Record<string, string> = { open: 'green', suspended: 'gold', closed: 'default' };

/** A match's markets with their open stakes and worst-case liability; the trader opens, suspends or closes each. */
export function MatchMarkets({ matchId }: { matchId: number }) {
  const { t } = useTranslation();
  const markets = useQuery({
    queryKey: ['admin', 'sports', 'markets', matchId],
    queryFn: () => adminApi('GET /sports/matches/:matchId/markets', { params: { matchId } }),
    refetchInterval: 10_000,
  });
  const setStatus = useChange(
    ({ marketId, status }: { marketId: number; status: MarketStatus }) =>
      adminApi('POST /sports/markets/:marketId/status', { params: { marketId }, body: { status } }),
    { refresh: ['admin', 'sports'] },
  );
  if (markets.isError) return <Alert type="error" showIcon message={problemText(markets.error)} />;
  if (!markets.data) return <Skeleton active />;
  return (
    <Table<AdminMarketRecord>
      rowKey="marketId"
      size="small"
      pagination={false}
      dataSource={markets.data}
      columns={[
        {
          title: t('sports.market'),
          dataIndex: 'type',
          width: 240,
          render: (type: string, market) => (
            <>
              {t(`sports.marketType.${type}`, { defaultValue: type })}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`sports.marketPeriod.${market.period}`, { defaultValue: market.period })}
                {market.line !== null ? ` · ${market.line}` : ''}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('sports.selections'),
          dataIndex: 'selections',
          render: (selections: AdminMarketRecord['selections']) => (
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(210px, 1fr))', gap: 8 }}>
              {selections.map((selection) => (
                <div key={selection.selectionId} style={{ lineHeight: 1.3 }}>
                  <Typography.Text strong>
                    {t(`sports.outcome.${selection.outcome}`, { defaultValue: selection.outcome })} @{' '}
                    {selection.odds.toFixed(2)}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('sports.stakesPays', {
                      stakes: money(selection.stakes),
                      payout: money(selection.payout),
                    })}
                  </Typography.Text>
                </div>
              ))}
            </div>
          ),
        },
        {
          title: t('sports.liability'),
          dataIndex: 'liability',
          align: 'right',
          width: 130,
          render: (value: number) => (
            <Typography.Text type={value > 0 ? 'danger' : undefined}>{money(value)}</Typography.Text>
          ),
        },
        {
          title: t('app.status'),
          dataIndex: 'status',
          width: 170,
          render: (status: string, market) => (
            <Select<MarketStatus>
              size="small"
              style={{ width: 150 }}
              value={status as MarketStatus}
              aria-label={t('sports.marketStatusLabel')}
              onChange={(next) => setStatus.mutate({ marketId: market.marketId, status: next })}
              options={MARKET_STATUSES.map((value) => ({
                value,
                label: <Tag color={STATUS_COLOR[value]}>{t(`sports.marketStatus.${value}`)}</Tag>,
              }))}
            />
          ),
        },
      ]}
    />
  );
}
