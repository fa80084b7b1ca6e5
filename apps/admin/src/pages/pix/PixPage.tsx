import { ReloadOutlined } from '@ant-design/icons';
import type { PixReconciliationDiff, PixRefundable } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

const REFUNDABLES = ['admin', 'pix', 'refundables'];
const RECONCILIATION = ['admin', 'pix', 'reconciliation'];

/** Yesterday in Brasília (UTC-3), the day the daily job reconciles. */
const yesterday = () => new Date(Date.now() - 3 * 3600_000 - 86_400_000).toISOString().slice(0, 10);

/** Received Pix that no order was credited with: late, duplicate, another amount, a cancelled order. */
function Refundables() {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: REFUNDABLES,
    queryFn: () => adminApi('GET /pix/refundables'),
  });
  const refund = useChange(
    (eventId: number) => adminApi('POST /pix/refundables/:eventId/refund', { params: { eventId } }),
    { refresh: REFUNDABLES, success: () => t('pix.refundAsked') },
  );
  return (
    <Card
      title={t('pix.refundablesTitle')}
      style={{ marginBottom: 16 }}
      extra={
        <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
          {t('pix.reload')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('pix.refundablesHint')}</Typography.Paragraph>
      {list.isError && <Alert type="error" showIcon message={problemText(list.error)} />}
      <Table<PixRefundable>
        rowKey="eventId"
        size="small"
        loading={list.isLoading}
        pagination={false}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('pix.noRefundables') }}
        columns={[
          {
            title: t('pix.receivedAt'),
            dataIndex: 'receivedAt',
            width: 170,
            render: (at: number) => dateTime(at),
          },
          {
            title: t('pix.reason'),
            dataIndex: 'outcome',
            width: 190,
            render: (outcome: string) => <Tag color="orange">{t(`pix.outcome.${outcome}`, outcome)}</Tag>,
          },
          {
            title: t('pix.endToEndId'),
            dataIndex: 'endToEndId',
            width: 340,
            render: (id: string) => (
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {id}
              </Typography.Text>
            ),
          },
          { title: t('pix.txid'), dataIndex: 'txid', render: (txid: string | null) => txid ?? '—' },
          {
            title: t('pix.refund'),
            key: 'refund',
            width: 230,
            render: (_, row) =>
              row.refund ? (
                <Space>
                  <Tag
                    color={
                      row.refund.status === 'DEVOLVIDO'
                        ? 'green'
                        : row.refund.status === 'NAO_REALIZADO'
                          ? 'red'
                          : 'blue'
                    }
                  >
                    {t(`pix.refundStatus.${row.refund.status}`)}
                  </Tag>
                  {money(row.refund.amount)}
                </Space>
              ) : (
                <Popconfirm
                  title={t('pix.refundConfirm')}
                  okText={t('pix.refundDo')}
                  cancelText={t('pix.cancel')}
                  onConfirm={() => refund.mutate(row.eventId)}
                >
                  <Button size="small" danger loading={refund.isPending && refund.variables === row.eventId}>
                    {t('pix.refundDo')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** The daily reconciliation: the PSP's received Pix against the orders we credited, and its differences. */
function Reconciliation() {
  const { t } = useTranslation();
  const [day, setDay] = useState(yesterday());
  const report = useQuery({
    queryKey: [...RECONCILIATION, day],
    queryFn: () => adminApi('GET /pix/reconciliation', { query: { day } }),
  });
  const run = useChange((value: string) => adminApi('POST /pix/reconciliation', { body: { day: value } }), {
    refresh: RECONCILIATION,
    success: () => t('pix.reconciled'),
  });
  const summary = report.data?.runs[0];
  return (
    <Card
      title={t('pix.reconTitle')}
      extra={
        <Space>
          <Input
            type="date"
            aria-label={t('pix.day')}
            value={day}
            max={new Date().toISOString().slice(0, 10)}
            onChange={(event) => event.target.value && setDay(event.target.value)}
            style={{ width: 160 }}
          />
          <Button type="primary" loading={run.isPending} onClick={() => run.mutate(day)}>
            {t('pix.reconcile')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('pix.reconHint')}</Typography.Paragraph>
      {report.isError && <Alert type="error" showIcon message={problemText(report.error)} />}
      {report.data && !summary && <Alert type="info" showIcon message={t('pix.notRun')} />}
      {summary && report.data && (
        <Alert
          style={{ marginBottom: 12 }}
          type={report.data.diffs.length === 0 ? 'success' : 'warning'}
          showIcon
          message={
            report.data.diffs.length === 0
              ? t('pix.reconOk')
              : t('pix.reconDiffs', { count: report.data.diffs.length })
          }
          description={t('pix.reconSummary', {
            psp: summary.pspCount,
            pspAmount: money(summary.pspAmount),
            ours: summary.creditedCount,
            oursAmount: money(summary.creditedAmount),
            at: dateTime(summary.ranAt),
          })}
        />
      )}
      {report.data && report.data.diffs.length > 0 && (
        <Table<PixReconciliationDiff>
          rowKey={(row) => `${row.kind}:${row.endToEndId}`}
          size="small"
          pagination={false}
          dataSource={report.data.diffs}
          columns={[
            {
              title: t('pix.kind'),
              dataIndex: 'kind',
              width: 260,
              render: (kind: string) => <Tag color="red">{t(`pix.diff.${kind}`)}</Tag>,
            },
            {
              title: t('pix.endToEndId'),
              dataIndex: 'endToEndId',
              render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
            },
            { title: t('pix.txid'), dataIndex: 'txid', render: (txid: string | null) => txid ?? '—' },
            {
              title: t('pix.pspAmount'),
              dataIndex: 'pspAmount',
              align: 'right',
              render: (value: number | null) => (value === null ? '—' : money(value)),
            },
            {
              title: t('pix.creditedAmount'),
              dataIndex: 'creditedAmount',
              align: 'right',
              render: (value: number | null) => (value === null ? '—' : money(value)),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** PIX at the PSP (issue 16): refunds of payments we did not credit, and the daily reconciliation. */
export default function PixPage() {
  const { t } = useTranslation();
  // Without a PSP (the sandbox) the refund and reconciliation routes do not exist: ask first, never read a 404.
  const status = useQuery({
    queryKey: ['admin', 'pix', 'status'],
    queryFn: () => adminApi('GET /pix/status'),
  });
  return (
    <>
      <PageTitle title={t('menu.pix')} hint={t('pix.hint')} />
      {status.isPending && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {status.isError && <Alert type="error" showIcon message={problemText(status.error)} />}
      {status.data?.configured === false && (
        <Alert
          type="info"
          showIcon
          message={t('pix.notConfigured')}
          description={t('pix.notConfiguredHint')}
        />
      )}
      {status.data?.configured && (
        <>
          <Refundables />
          <Reconciliation />
        </>
      )}
    </>
  );
}
