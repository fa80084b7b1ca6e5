import type { ComplianceCheck, ComplianceRestricted } from '@aposta/contract';
import { Button, Card, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

type Outcome = ComplianceCheck['outcome'];
type List = ComplianceCheck['list'];
const OUTCOMES: Outcome[] = ['clear', 'listed', 'failed', 'late'];
const LISTS: List[] = ['social_programs', 'self_exclusion'];
const OUTCOME_COLOURS: Record<Outcome, string> = {
  clear: 'green',
  listed: 'red',
  failed: 'orange',
  late: 'gold',
};

/** The refund's clock: time left before the deadline, red once it has passed. */
function RefundClock({ row }: { row: ComplianceRestricted }) {
  const { t } = useTranslation();
  if (row.refundedAt !== null) return <Tag color="green">{t('compliancePage.refunded')}</Tag>;
  if (row.refundDueAt === null) return <>—</>;
  const hoursLeft = Math.floor((row.refundDueAt - Date.now()) / 3_600_000);
  return hoursLeft < 0 ? (
    <Tag color="red">{t('compliancePage.overdue', { hours: -hoursLeft })}</Tag>
  ) : (
    <Tag color={hoursLeft < 24 ? 'orange' : 'blue'}>
      {t('compliancePage.hoursLeft', { hours: hoursLeft })}
    </Tag>
  );
}

/** Players found on a list: the operator's refund task, its clock, and the button that records it paid. */
function RestrictedPlayers() {
  const { t } = useTranslation();
  const refunded = useChange(
    (uId: number) => adminApi('POST /compliance/players/:uId/refunded', { params: { uId }, body: {} }),
    { refresh: ['admin'], success: () => t('compliancePage.refundRecorded') },
  );
  return (
    <Card title={t('compliancePage.restricted')} style={{ marginBottom: 16 }}>
      <PagedTable
        route="GET /compliance/restricted"
        rowKey="uId"
        size="small"
        pageSize={10}
        columns={[
          {
            title: t('player.username'),
            dataIndex: 'username',
            render: (username: string, row) => <Link to={`/players/${row.uId}`}>{username}</Link>,
          },
          {
            title: t('compliancePage.list'),
            dataIndex: 'listedList',
            render: (list: List) => t(`compliancePage.lists.${list}`),
          },
          { title: t('compliancePage.listedAt'), dataIndex: 'listedAt', render: dateTime },
          { title: t('compliancePage.notifiedAt'), dataIndex: 'notifiedAt', render: dateTime },
          { title: t('compliancePage.closeBy'), dataIndex: 'closeBy', render: dateTime },
          {
            title: t('compliancePage.refundAmount'),
            dataIndex: 'refundAmount',
            render: (amount: number | null, row) => (
              <>
                <div>{money(amount)}</div>
                {row.refundOrderId ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('compliancePage.order', {
                      id: row.refundOrderId,
                      status: t(`compliancePage.orderStatus.${row.refundOrderStatus ?? '00'}`),
                    })}
                  </Typography.Text>
                ) : null}
                {row.openBetsRefunded > 0 ? (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('compliancePage.openBets', {
                      count: row.openBetsRefunded,
                      amount: money(row.openBetsRefundAmount),
                    })}
                  </Typography.Text>
                ) : null}
                {row.unclaimedAt !== null ? (
                  <Typography.Text type="warning" style={{ display: 'block', fontSize: 12 }}>
                    {t('compliancePage.unclaimed', {
                      amount: money(row.unclaimedAmount),
                      at: dateTime(row.unclaimedAt),
                    })}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          {
            title: t('compliancePage.refundDueAt'),
            dataIndex: 'refundDueAt',
            render: (due: number | null, row) => (
              <>
                <div>{dateTime(due)}</div>
                <RefundClock row={row} />
              </>
            ),
          },
          {
            title: t('app.actions'),
            key: 'actions',
            render: (_, row) =>
              row.refundedAt === null && row.unclaimedAt === null ? (
                <Popconfirm
                  title={t('compliancePage.refundConfirm', { amount: money(row.refundAmount) })}
                  okText={t('app.yes')}
                  cancelText={t('app.no')}
                  onConfirm={() => refunded.mutate(row.uId)}
                >
                  <Button size="small" type="primary" ghost>
                    {t('compliancePage.markRefunded')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

/** Every question asked of the government's lists (SIGAP) and what came back, with filters. */
export default function CompliancePage() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [list, setList] = useState<List | undefined>();
  const [uId, setUId] = useState<number | undefined>();
  const filters = { ...(outcome ? { outcome } : {}), ...(list ? { list } : {}), ...(uId ? { uId } : {}) };
  return (
    <>
      <PageTitle title={t('menu.compliance')} hint={t('compliancePage.hint')} />
      <RestrictedPlayers />
      <Card title={t('compliancePage.checks')}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select<Outcome>
            allowClear
            placeholder={t('compliancePage.outcome')}
            style={{ width: 180 }}
            value={outcome}
            onChange={setOutcome}
            options={OUTCOMES.map((value) => ({ value, label: t(`compliancePage.outcomes.${value}`) }))}
          />
          <Select<List>
            allowClear
            placeholder={t('compliancePage.list')}
            style={{ width: 240 }}
            value={list}
            onChange={setList}
            options={LISTS.map((value) => ({ value, label: t(`compliancePage.lists.${value}`) }))}
          />
          <Input.Search
            allowClear
            placeholder={t('player.uId')}
            style={{ width: 180 }}
            onSearch={(value) => setUId(/^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined)}
          />
        </Space>
        <PagedTable
          route="GET /compliance/checks"
          filters={filters}
          rowKey="id"
          size="middle"
          expandable={{
            expandedRowRender: (row) => (
              <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {`${t('compliancePage.request')}: ${JSON.stringify(row.request)}\n${t('compliancePage.answer')}: ${JSON.stringify(row.answer)}`}
              </Typography.Paragraph>
            ),
          }}
          columns={[
            { title: t('compliancePage.requestedAt'), dataIndex: 'requestedAt', render: dateTime },
            {
              title: t('player.username'),
              dataIndex: 'username',
              render: (username: string | null, row) =>
                row.uId === null ? '—' : <Link to={`/players/${row.uId}`}>{username}</Link>,
            },
            {
              title: t('compliancePage.list'),
              dataIndex: 'list',
              render: (value: List) => t(`compliancePage.lists.${value}`),
            },
            {
              title: t('compliancePage.reason'),
              dataIndex: 'reason',
              render: (value: string) => t(`compliancePage.reasons.${value}`),
            },
            {
              title: t('compliancePage.outcome'),
              dataIndex: 'outcome',
              render: (value: Outcome) => (
                <Tag color={OUTCOME_COLOURS[value]}>{t(`compliancePage.outcomes.${value}`)}</Tag>
              ),
            },
            { title: t('compliancePage.attempts'), dataIndex: 'attempts', width: 90 },
            { title: t('compliancePage.answeredAt'), dataIndex: 'answeredAt', render: dateTime },
          ]}
        />
      </Card>
    </>
  );
}
