import type { DailyReportRow } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { call } from '../../api/client.ts';
import { count, money, shortDay } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { niceTicks } from './axis.ts';
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
  { key: 'newPlayers', pick: (row) => row.newPlayers, kind: 'count' },
  { key: 'activePlayers', pick: (row) => row.activePlayers, kind: 'count' },
];

/** Short axis labels (1,5 mil in pt-BR, 1.5K in en-US); the tooltip has the exact amount. */
const axisMoney = (value: number) =>
  new Intl.NumberFormat(i18next.language === 'en_US' ? 'en-US' : 'pt-BR', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);

export default function DashboardPage() {
  const { t } = useTranslation();
  const today = saoPauloToday();
  const from = daysBefore(today, 29);
  const report = useQuery({
    queryKey: ['admin', 'reports', from, today],
    queryFn: () => call<DailyReportRow[]>('/reports/daily', { params: { from, to: today } }),
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
  // Each chart's y-axis: even ticks over what it draws (the GGR bars stack, so their day sums count too).
  const positive = (row: DailyReportRow) =>
    PRODUCTS.reduce((total, key) => total + Math.max(0, row.ggr[key]), 0);
  const negative = (row: DailyReportRow) =>
    PRODUCTS.reduce((total, key) => total + Math.min(0, row.ggr[key]), 0);
  const ticks = {
    cashFlow: niceTicks(rows.flatMap((row) => [row.deposits, row.withdrawals])),
    ggr: niceTicks(rows.flatMap((row) => [positive(row), negative(row)])),
    turnover: niceTicks(rows.flatMap((row) => [row.stakes, row.payouts, row.bonusCost])),
    players: niceTicks(
      rows.flatMap((row) => [row.newPlayers, row.activePlayers]),
      true,
    ),
  };
  const axisOf = (chartTicks: number[]) => ({
    ticks: chartTicks,
    domain: [chartTicks[0] ?? 0, chartTicks.at(-1) ?? 1] as [number, number],
    interval: 0 as const,
  });
  const unit = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  const format = (kind: 'money' | 'count', value: number) => (kind === 'money' ? money(value) : count(value));
  const moneyTooltip = (value: unknown) => money(Number(value));

  return (
    <>
      <PageTitle
        title={t('menu.dashboard')}
        hint={t('dashboard.hint', { from: shortDay(from), to: shortDay(today) })}
      />
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
      <Row gutter={[16, 16]}>
        <Col span={12}>
          <Card title={t('dashboard.cashFlow')} extra={unit(t('dashboard.unitMoney'))} size="small">
            <ResponsiveContainer width="100%" height={260}>
              <AreaChart data={chartRows} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} />
                <YAxis
                  {...axisOf(ticks.cashFlow)}
                  tickFormatter={axisMoney}
                  tick={{ fontSize: 11 }}
                  width={48}
                />
                <Tooltip formatter={moneyTooltip} />
                <Legend />
                <Area
                  isAnimationActive={false}
                  type="monotone"
                  dataKey="deposits"
                  name={t('dashboard.deposits')}
                  stroke="#1f6feb"
                  fill="#1f6feb33"
                />
                <Area
                  isAnimationActive={false}
                  type="monotone"
                  dataKey="withdrawals"
                  name={t('dashboard.withdrawals')}
                  stroke="#d4380d"
                  fill="#d4380d22"
                />
              </AreaChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col span={12}>
          <Card title={t('dashboard.ggrByProduct')} extra={unit(t('dashboard.unitMoney'))} size="small">
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={chartRows} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} />
                <YAxis {...axisOf(ticks.ggr)} tickFormatter={axisMoney} tick={{ fontSize: 11 }} width={48} />
                <Tooltip formatter={moneyTooltip} />
                <Legend />
                <Bar
                  isAnimationActive={false}
                  dataKey="originals"
                  stackId="ggr"
                  name={t('product.originals')}
                  fill="#722ed1"
                />
                <Bar
                  isAnimationActive={false}
                  dataKey="slots"
                  stackId="ggr"
                  name={t('product.slots')}
                  fill="#13c2c2"
                />
                <Bar
                  isAnimationActive={false}
                  dataKey="sports"
                  stackId="ggr"
                  name={t('product.sports')}
                  fill="#fa8c16"
                />
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col span={12}>
          <Card title={t('dashboard.turnover')} extra={unit(t('dashboard.unitMoney'))} size="small">
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={chartRows} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} />
                <YAxis
                  {...axisOf(ticks.turnover)}
                  tickFormatter={axisMoney}
                  tick={{ fontSize: 11 }}
                  width={48}
                />
                <Tooltip formatter={moneyTooltip} />
                <Legend />
                <Line
                  isAnimationActive={false}
                  type="monotone"
                  dataKey="stakes"
                  name={t('dashboard.stakes')}
                  stroke="#1f6feb"
                  dot={false}
                />
                <Line
                  isAnimationActive={false}
                  type="monotone"
                  dataKey="payouts"
                  name={t('dashboard.payouts')}
                  stroke="#52c41a"
                  dot={false}
                />
                <Line
                  isAnimationActive={false}
                  type="monotone"
                  dataKey="bonusCost"
                  name={t('dashboard.bonusCost')}
                  stroke="#eb2f96"
                  dot={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col span={12}>
          <Card title={t('dashboard.playersChart')} extra={unit(t('dashboard.unitPlayers'))} size="small">
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={chartRows} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} />
                <YAxis {...axisOf(ticks.players)} allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
                <Tooltip />
                <Legend />
                <Bar
                  isAnimationActive={false}
                  dataKey="newPlayers"
                  name={t('dashboard.newPlayers')}
                  fill="#2f54eb"
                />
                <Bar
                  isAnimationActive={false}
                  dataKey="activePlayers"
                  name={t('dashboard.activePlayers')}
                  fill="#a0d911"
                />
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
      </Row>
    </>
  );
}
