import { DownloadOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type { RetentionAnswer, SpaReportFileEntry, SpaReportSummary } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { count, dateTime, money } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

const REPORTS = ['admin', 'reports', 'spa'];
const RETENTION = ['admin', 'retention'];

/** Brasília's calendar day, as the SPA counts it (no summer time since 2019). */
const brasiliaDay = (offsetDays: number) =>
  new Date(Date.now() - 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Saves a downloaded file under its own name; the bytes are the ones the manifest hashed. */
function save(name: string, day: string, content: string, contentType: string) {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `spa-${day}-${name}`;
  link.click();
  URL.revokeObjectURL(url);
}

function FileList({ report }: { report: SpaReportSummary }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const download = async (name: string) => {
    try {
      const file = await adminApi('GET /reports/spa/:day/files/:name', {
        params: { day: report.referenceDay, name },
      });
      save(file.name, report.referenceDay, file.content, file.contentType);
    } catch (error) {
      message.error(problemText(error));
    }
  };
  const total = (file: SpaReportFileEntry) =>
    Object.entries(file.totals)
      .map(([column, cents]) => `${t(`spaReports.column.${column}`, column)}: ${money(Number(cents) / 100)}`)
      .join(' · ') || '—';
  return (
    <Table<SpaReportFileEntry>
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={report.files}
      columns={[
        { title: t('spaReports.file'), dataIndex: 'name', width: 180 },
        {
          title: t('spaReports.rows'),
          dataIndex: 'rows',
          width: 90,
          align: 'right',
          render: (n: number) => count(n),
        },
        { title: t('spaReports.totals'), key: 'totals', render: (_, file) => total(file) },
        {
          title: 'SHA-256',
          dataIndex: 'sha256',
          render: (hash: string) => (
            <Typography.Text code copyable={{ text: hash }}>
              {hash.slice(0, 16)}…
            </Typography.Text>
          ),
        },
        {
          title: '',
          key: 'download',
          width: 120,
          render: (_, file) => (
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void download(file.name)}>
              {t('spaReports.download')}
            </Button>
          ),
        },
      ]}
      footer={() => (
        <Space>
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void download('manifest.json')}>
            manifest.json
          </Button>
          <Typography.Text type="secondary">
            SHA-256 <Typography.Text code>{report.manifestSha256.slice(0, 16)}…</Typography.Text>
          </Typography.Text>
        </Space>
      )}
    />
  );
}

function Retention({ data }: { data: RetentionAnswer | undefined }) {
  const { t } = useTranslation();
  const last = data?.runs[0];
  return (
    <Card
      title={t('spaReports.retentionTitle')}
      extra={
        last && (
          <Typography.Text type="secondary">
            {t('spaReports.lastRun', { at: dateTime(last.ranAt) })}
          </Typography.Text>
        )
      }
    >
      <Table
        rowKey="kind"
        size="small"
        pagination={false}
        dataSource={data?.rules ?? []}
        columns={[
          {
            title: t('spaReports.kind'),
            dataIndex: 'kind',
            render: (kind: string) => (
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {kind}
              </Typography.Text>
            ),
          },
          {
            title: t('spaReports.keep'),
            dataIndex: 'keep',
            render: (keep: string, rule) => t(`spaReports.keepText.${rule.kind}`, keep),
          },
          {
            title: t('spaReports.action'),
            dataIndex: 'action',
            width: 120,
            render: (action: string) => (
              <Tag color={action === 'delete' ? 'red' : 'blue'}>{t(`spaReports.actions.${action}`)}</Tag>
            ),
          },
          { title: t('spaReports.source'), dataIndex: 'source' },
          {
            title: t('spaReports.lastCount'),
            key: 'count',
            width: 110,
            align: 'right',
            render: (_, rule) => count(last?.counts[rule.kind] ?? 0),
          },
        ]}
      />
    </Card>
  );
}

/** The SPA's daily files (draft layout) and the retention table: finance's regulatory page. */
export default function SpaReportsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs(brasiliaDay(-30)), dayjs(brasiliaDay(-1))]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const reports = useQuery({
    queryKey: [...REPORTS, from, to],
    queryFn: () => adminApi('GET /reports/spa', { query: { from, to } }),
  });
  const retention = useQuery({ queryKey: RETENTION, queryFn: () => adminApi('GET /retention') });
  const run = useChange((day: string) => adminApi('POST /reports/spa/:day/run', { params: { day } }), {
    refresh: REPORTS,
    success: () => t('spaReports.produced'),
  });
  const yesterday = brasiliaDay(-1);
  return (
    <>
      <PageTitle
        title={t('menu.spaReports')}
        hint={t('spaReports.hint')}
        extra={
          <Space style={{ flexShrink: 0 }}>
            <DatePicker.RangePicker
              style={{ width: 260 }}
              value={range}
              allowClear={false}
              onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            />
            <Button
              icon={<ReloadOutlined />}
              loading={reports.isFetching}
              onClick={() => void reports.refetch()}
            >
              {t('spaReports.reload')}
            </Button>
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              disabled={reports.data?.enabled === false}
              loading={run.isPending}
              onClick={() => run.mutate(yesterday)}
            >
              {t('spaReports.produce', { day: yesterday })}
            </Button>
          </Space>
        }
      />
      {reports.data?.enabled === false && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('spaReports.disabled')} />
      )}
      {reports.isError && <Alert type="error" showIcon message={problemText(reports.error)} />}
      <Card title={t('spaReports.reportsTitle')} style={{ marginBottom: 16 }}>
        <Table<SpaReportSummary>
          rowKey="referenceDay"
          size="small"
          loading={reports.isLoading}
          dataSource={reports.data?.reports ?? []}
          locale={{ emptyText: t('spaReports.none') }}
          expandable={{ expandedRowRender: (report) => <FileList report={report} /> }}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: t('spaReports.day'), dataIndex: 'referenceDay', width: 130 },
            {
              title: t('spaReports.layout'),
              dataIndex: 'layout',
              render: (layout: string) => <Tag>{layout}</Tag>,
            },
            { title: t('spaReports.revision'), dataIndex: 'revision', width: 100, align: 'right' },
            {
              title: t('spaReports.rowsTotal'),
              key: 'rows',
              width: 120,
              align: 'right',
              render: (_, report) => count(report.files.reduce((sum, file) => sum + file.rows, 0)),
            },
            {
              title: t('spaReports.generatedAt'),
              dataIndex: 'generatedAt',
              width: 180,
              render: (at: number) => dateTime(at),
            },
          ]}
        />
      </Card>
      <Retention data={retention.data} />
    </>
  );
}
