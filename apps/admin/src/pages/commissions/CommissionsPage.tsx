import { PlayCircleOutlined, SearchOutlined } from '@ant-design/icons';
import type { ReferralNode } from '@aposta/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { allowed, useMe } from '../../app/session.ts';
import { problemText } from '../../components/errors.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

const ratesKey = ['admin', 'commission-rates'] as const;

/** Rates per depth in percent; marketing edits them (the server audits the change). */
function Rates({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rates = useQuery({
    queryKey: ratesKey,
    queryFn: () => adminApi('GET /commissions/rates'),
  });
  const save = useMutation({
    mutationFn: (percents: Record<string, number>) =>
      adminApi('POST /commissions/rates', {
        body: {
          rates: [1, 2, 3].map((depth) => ({
            depth,
            rate: Math.round((percents[`d${depth}`] ?? 0) * 1000) / 100_000,
          })),
        },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(ratesKey, answer);
      message.success(t('app.saved'));
    },
    onError: (error) => message.error(problemText(error)),
  });
  if (!rates.data) return <Card title={t('commissions.rates')} loading={rates.isPending} />;
  const initial = Object.fromEntries(rates.data.map((row) => [`d${row.depth}`, row.rate * 100]));
  return (
    <Card title={t('commissions.rates')} style={{ marginBottom: 16 }}>
      <Form
        layout="inline"
        initialValues={initial}
        onFinish={(values) => save.mutate(values)}
        disabled={!canEdit}
      >
        {[1, 2, 3].map((depth) => (
          <Form.Item key={depth} name={`d${depth}`} label={t('commissions.depth', { depth })}>
            <InputNumber
              min={0}
              max={10}
              step={0.1}
              precision={3}
              decimalSeparator={i18n.language === 'en_US' ? '.' : ','}
              addonAfter="%"
              style={{ width: 150 }}
            />
          </Form.Item>
        ))}
        {canEdit && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('app.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

function Days({ canRun }: { canRun: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => adminApi('POST /commissions/run', { body: {} }),
    onSuccess: (answer) => {
      message.success(
        answer.settled
          ? t('commissions.ran', { day: answer.day, amount: money(answer.paid) })
          : t('commissions.already', { day: answer.day }),
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', '/commissions/days'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', '/commissions/refused'] });
    },
    onError: (error) => message.error(problemText(error)),
  });
  return (
    <Card
      title={t('commissions.days')}
      style={{ marginBottom: 16 }}
      extra={
        canRun && (
          <Button icon={<PlayCircleOutlined />} loading={run.isPending} onClick={() => run.mutate()}>
            {t('commissions.runNow')}
          </Button>
        )
      }
    >
      <PagedTable
        route="GET /commissions/days"
        rowKey="day"
        size="small"
        columns={[
          { title: t('commissions.day'), dataIndex: 'day' },
          {
            title: t('commissions.settledAt'),
            dataIndex: 'settledAt',
            render: (value: number) => dateTime(value),
          },
          {
            title: t('commissions.cost'),
            dataIndex: 'paid',
            align: 'right',
            render: (value: number) => money(value),
          },
          { title: t('commissions.refusedCount'), dataIndex: 'refusedCount', align: 'right' },
        ]}
      />
    </Card>
  );
}

function Refused() {
  const { t } = useTranslation();
  return (
    <Card title={t('commissions.refused')} style={{ marginBottom: 16 }}>
      <PagedTable
        route="GET /commissions/refused"
        rowKey={(row) => `${row.day}:${row.earnerId}:${row.inviteeId}`}
        size="small"
        columns={[
          { title: t('commissions.day'), dataIndex: 'day' },
          {
            title: t('commissions.earner'),
            dataIndex: 'earner',
            render: (name: string, row) => <Link to={`/players/${row.earnerId}`}>{name}</Link>,
          },
          {
            title: t('commissions.invitee'),
            dataIndex: 'invitee',
            render: (name: string, row) => <Link to={`/players/${row.inviteeId}`}>{name}</Link>,
          },
          { title: t('commissions.depthShort'), dataIndex: 'depth', align: 'right' },
          {
            title: t('commissions.stake'),
            dataIndex: 'stake',
            align: 'right',
            render: (value: number) => money(value),
          },
          {
            title: t('commissions.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (value: number) => money(value),
          },
          {
            title: t('commissions.reason'),
            dataIndex: 'reason',
            render: (reason: string) => <Tag color="red">{t(`commissions.reasons.${reason}`)}</Tag>,
          },
        ]}
      />
    </Card>
  );
}

function Tree() {
  const { t } = useTranslation();
  const [uId, setUId] = useState<number>();
  const tree = useQuery({
    queryKey: ['admin', 'referrals', uId],
    queryFn: () => adminApi('GET /players/:uId/referrals', { params: { uId: uId! } }),
    enabled: uId !== undefined,
  });
  const columns = [
    { title: t('commissions.depthShort'), dataIndex: 'depth', width: 80 },
    {
      title: t('player.uId'),
      dataIndex: 'uId',
      render: (id: number) => <Link to={`/players/${id}`}>{id}</Link>,
    },
    { title: t('commissions.player'), dataIndex: 'username' },
    {
      title: t('commissions.flags'),
      render: (_: unknown, row: ReferralNode) => (
        <Space>
          {row.status !== 'active' && <Tag color="red">{row.status}</Tag>}
          {row.testFlag && <Tag>{t('commissions.test')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('commissions.amount'),
      dataIndex: 'commission',
      align: 'right' as const,
      render: (v: number) => money(v),
    },
  ];
  return (
    <Card title={t('commissions.tree')}>
      <Form<{ uId?: number }>
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(values) => setUId(values.uId)}
      >
        <Form.Item
          name="uId"
          label={t('player.uId')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber min={1} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('app.search')}
          </Button>
        </Form.Item>
      </Form>
      {tree.isError && <Tag color="red">{problemText(tree.error)}</Tag>}
      {tree.data && (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('commissions.total')}>
              {money(tree.data.commissionTotal)}
            </Descriptions.Item>
            <Descriptions.Item label={t('commissions.claimable')}>
              {money(tree.data.claimable)}
            </Descriptions.Item>
          </Descriptions>
          <Table<ReferralNode>
            rowKey="uId"
            size="small"
            title={() => t('commissions.upline')}
            pagination={false}
            dataSource={tree.data.upline}
            columns={columns}
          />
          <Table<ReferralNode>
            rowKey="uId"
            size="small"
            title={() => t('commissions.downline')}
            pagination={{ pageSize: 20 }}
            dataSource={tree.data.downline}
            columns={columns}
          />
        </>
      )}
    </Card>
  );
}

/** Invitation commissions: rates, the settled days and their cost, refusals, and a player's referral tree. */
export default function CommissionsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const canEdit = allowed(me.data, ['marketing']);
  return (
    <>
      <PageTitle title={t('menu.commissions')} hint={t('commissions.hint')} />
      <Rates canEdit={canEdit} />
      <Days canRun={canEdit} />
      <Refused />
      <Tree />
    </>
  );
}
