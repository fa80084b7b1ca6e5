import { Card, Typography } from 'antd';
import i18next from 'i18next';
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
import { money } from '../../app/format.ts';

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  /** The area under an area series (a see-through shade of its colour). */
  fill?: string;
}

interface ChartCardProps {
  title: string;
  unit: string;
  kind: 'area' | 'line' | 'bar' | 'stackedBar';
  rows: object[];
  series: ChartSeries[];
  /** The y-axis ticks (niceTicks); the axis spans the first to the last. */
  ticks: number[];
  /** Amounts in reais (compact axis, exact tooltip); otherwise whole counts. */
  money?: boolean;
}

/** Short axis labels (1,5 mil in pt-BR, 1.5K in en-US); the tooltip has the exact amount. */
const axisMoney = (value: number) =>
  new Intl.NumberFormat(i18next.language === 'en_US' ? 'en-US' : 'pt-BR', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
const moneyTooltip = (value: unknown) => money(Number(value));

const CHARTS = { area: AreaChart, line: LineChart, bar: BarChart, stackedBar: BarChart };

function drawSeries(kind: ChartCardProps['kind'], { key, name, color, fill }: ChartSeries) {
  const common = { dataKey: key, name, isAnimationActive: false };
  if (kind === 'area')
    return <Area key={key} {...common} type="monotone" stroke={color} fill={fill ?? color} />;
  if (kind === 'line') return <Line key={key} {...common} type="monotone" stroke={color} dot={false} />;
  return <Bar key={key} {...common} fill={color} stackId={kind === 'stackedBar' ? 'stack' : undefined} />;
}

/** One of the dashboard's 30-day charts: a small card with its unit, a day axis, a legend and a tooltip. */
export function ChartCard({
  title,
  unit,
  kind,
  rows,
  series,
  ticks,
  money: isMoney = false,
}: ChartCardProps) {
  const Chart = CHARTS[kind];
  return (
    <Card title={title} extra={<Typography.Text type="secondary">{unit}</Typography.Text>} size="small">
      <ResponsiveContainer width="100%" height={260}>
        <Chart data={rows} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis
            ticks={ticks}
            domain={[ticks[0] ?? 0, ticks.at(-1) ?? 1]}
            interval={0}
            tickFormatter={isMoney ? axisMoney : undefined}
            allowDecimals={isMoney}
            tick={{ fontSize: 11 }}
            width={48}
          />
          <Tooltip formatter={isMoney ? moneyTooltip : undefined} />
          <Legend />
          {series.map((one) => drawSeries(kind, one))}
        </Chart>
      </ResponsiveContainer>
    </Card>
  );
}
