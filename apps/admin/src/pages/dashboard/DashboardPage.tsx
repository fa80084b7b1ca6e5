import type { DailyReportRow } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { count, money, shortDay } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { niceTicks } from './axis.ts';
import { ChartCard } from './ChartCard.tsx';
import { daysBefore, saoPauloToday } from './days.ts';

const PRODUCTS = ['originals', 'slots', 'sports'] as const;
const ggrTotal = (row: DailyReportRow) => row.ggr.originals + row.ggr.slots + row.ggr.sports;

function sum(rows: DailyReportRow[], pick: (row: DailyReportRow) => number): number {
  // Amounts are reais with 2 decimals: add centavos so that 30 days do not drift.
  return rows.reduce((total, row) => total + Math.round(pick(row) * 100), 0) / 100;
}

const FIGURES: { key: string; pick: (row: DailyReportRow) => number; kind: 'money' | 'count' }[] = [
  { key: 'deposits', pick: (row) => row.deposits, kind: 'money' },
  { key: 'withdrawals', pick: (row) => row.withdrawals, kind: 'money' },
  { key: 'stakes', pick: (row) => row.stakes, kind: 'money' },
  { key: 'payouts', pick: (row) => row.payouts, kind: 'money' },
  { key: 'ggr', pick: ggrTotal, kind: 'money' },
  { key: 'bonusCost', pick: (row) => row.bonusCost, kind: 'money' },
  { key: 'commissionCost', pick: (row) => row.commissionCost, kind: 'money' },
  { key: 'prizeCost', pick: (row) => row.prizeCost ?? 0, kind: 'money' },
  { key: 'newPlayers', pick: (row) => row.newPlayers, kind: 'count' },
  { key: 'activePlayers', pick: (row) => row.activePlayers, kind: 'count' },
];

const format = (kind: 'money' | 'count', value: number) => (kind === 'money' ? money(value) : count(value));

/** Each chart's y-axis: even ticks over what it draws (the GGR bars stack, so their day sums count too). */
function chartTicks(rows: DailyReportRow[]) {
  const positive = (row: DailyReportRow) =>
    PRODUCTS.reduce((total, key) => total + Math.max(0, row.ggr[key]), 0);
  const negative = (row: DailyReportRow) =>
    PRODUCTS.reduce((total, key) => total + Math.min(0, row.ggr[key]), 0);
  return {
    cashFlow: niceTicks(rows.flatMap((row) => [row.deposits, row.withdrawals])),
    ggr: niceTicks(rows.flatMap((row) => [positive(row), negative(row)])),
    turnover: niceTicks(rows.flatMap((row) => [row.stakes, row.payouts, row.bonusCost])),
    players: niceTicks(
      rows.flatMap((row) => [row.newPlayers, row.activePlayers]),
      true,
    ),
  };
}

interface DaysProps {
  rows: DailyReportRow[];
  todayRow: DailyReportRow | undefined;
}

/** Today's figure on each card, and the last 30 days' sum (or peak, for active players) under it. */
function KpiCards({ rows, todayRow }: DaysProps) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {FIGURES.map((figure) => {
        const todayValue = todayRow ? figure.pick(todayRow) : 0;
        const total =
          figure.key === 'activePlayers' ? Math.max(0, ...rows.map(figure.pick)) : sum(rows, figure.pick);
        return (
          <Col span={6} key={figure.key}>
            <Card size="small" data-testid={`kpi-${figure.key}`}>
              <Statistic
                title={t(`dashboard.${figure.key}`)}
                value={format(figure.kind, todayValue)}
                valueStyle={
                  figure.key === 'ggr' ? { color: todayValue >= 0 ? '#389e0d' : '#cf1322' } : undefined
                }
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(figure.key === 'activePlayers' ? 'dashboard.peak30' : 'dashboard.last30', {
                  value: format(figure.kind, total),
                })}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/** GGR by product: today and the last 30 days. */
function GgrTable({ rows, todayRow }: DaysProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('dashboard.ggrTable')} style={{ marginBottom: 16 }}>
      <Table
        size="small"
        pagination={false}
        rowKey="product"
        dataSource={PRODUCTS.map((product) => ({
          product,
          today: todayRow ? todayRow.ggr[product] : 0,
          month: sum(rows, (row) => row.ggr[product]),
        }))}
        columns={[
          {
            title: t('bet.product'),
            dataIndex: 'product',
            render: (product: string) => t(`product.${product}`),
          },
          { title: t('dashboard.today'), dataIndex: 'today', align: 'right', render: money },
          { title: t('dashboard.days30'), dataIndex: 'month', align: 'right', render: money },
        ]}
      />
    </Card>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const today = saoPauloToday();
  const from = daysBefore(today, 29);
  const report = useQuery({
    queryKey: ['admin', 'reports', from, today],
    queryFn: () => adminApi('GET /reports/daily', { query: { from, to: today } }),
    refetchInterval: 60_000,
  });
  if (report.isError) return <Alert type="error" showIcon message={problemText(report.error)} />;
  if (!report.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  const rows = [...report.data].sort((a, b) => a.day.localeCompare(b.day));
  const todayRow = rows.find((row) => row.day === today);
  const chartRows = rows.map((row) => ({
    ...row,
    label: shortDay(row.day),
    ggrTotal: ggrTotal(row),
    ...row.ggr,
  }));
  const ticks = chartTicks(rows);

  return (
    <>
      <PageTitle
        title={t('menu.dashboard')}
        hint={t('dashboard.hint', { from: shortDay(from), to: shortDay(today) })}
      />
      <KpiCards rows={rows} todayRow={todayRow} />
      <GgrTable rows={rows} todayRow={todayRow} />
      <Row gutter={[16, 16]}>
        <Col span={12}>
          <ChartCard
            title={t('dashboard.cashFlow')}
            unit={t('dashboard.unitMoney')}
            kind="area"
            money
            rows={chartRows}
            ticks={ticks.cashFlow}
            series={[
              { key: 'deposits', name: t('dashboard.deposits'), color: '#1f6feb', fill: '#1f6feb33' },
              { key: 'withdrawals', name: t('dashboard.withdrawals'), color: '#d4380d', fill: '#d4380d22' },
            ]}
          />
        </Col>
        <Col span={12}>
          <ChartCard
            title={t('dashboard.ggrByProduct')}
            unit={t('dashboard.unitMoney')}
            kind="stackedBar"
            money
            rows={chartRows}
            ticks={ticks.ggr}
            series={[
              { key: 'originals', name: t('product.originals'), color: '#722ed1' },
              { key: 'slots', name: t('product.slots'), color: '#13c2c2' },
              { key: 'sports', name: t('product.sports'), color: '#fa8c16' },
            ]}
          />
        </Col>
        <Col span={12}>
          <ChartCard
            title={t('dashboard.turnover')}
            unit={t('dashboard.unitMoney')}
            kind="line"
            money
            rows={chartRows}
            ticks={ticks.turnover}
            series={[
              { key: 'stakes', name: t('dashboard.stakes'), color: '#1f6feb' },
              { key: 'payouts', name: t('dashboard.payouts'), color: '#52c41a' },
              { key: 'bonusCost', name: t('dashboard.bonusCost'), color: '#eb2f96' },
            ]}
          />
        </Col>
        <Col span={12}>
          <ChartCard
            title={t('dashboard.playersChart')}
            unit={t('dashboard.unitPlayers')}
            kind="bar"
            rows={chartRows}
            ticks={ticks.players}
            series={[
              { key: 'newPlayers', name: t('dashboard.newPlayers'), color: '#2f54eb' },
              { key: 'activePlayers', name: t('dashboard.activePlayers'), color: '#a0d911' },
            ]}
          />
        </Col>
      </Row>
    </>
  );
}
