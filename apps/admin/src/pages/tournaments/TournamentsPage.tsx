import { type AdminTournament, TOURNAMENT_GAMES } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';
import { MissionsCard } from './MissionsCard.tsx';

const KEY = ['admin', 'tournaments'];
const STATUS_COLOURS: Record<AdminTournament['status'], string> = {
  upcoming: 'blue',
  live: 'green',
  ended: 'orange',
  paid: 'default',
};

interface TournamentForm {
  name: string;
  games: (typeof TOURNAMENT_GAMES)[number][];
  scoring: 'stake' | 'multiplier';
  minStake: number;
  period: [Dayjs, Dayjs];
  prizes: string;
}

/** "100, 50, 25" → [100, 50, 25]: the prize of each rank, first place first. */
const prizeTable = (text: string) =>
  text
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((value) => value.replace(',', '.'));

function CreateTournament({ prizesAllowed }: { prizesAllowed: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TournamentForm>();
  const create = useChange(
    (values: TournamentForm) =>
      adminApi('POST /tournaments', {
        body: {
          name: values.name,
          games: values.games,
          scoring: values.scoring,
          minStake: values.minStake,
          startsAt: values.period[0].valueOf(),
          endsAt: values.period[1].valueOf(),
          prizes: prizesAllowed ? prizeTable(values.prizes ?? '') : [],
        },
      }),
    { refresh: KEY, success: () => t('tournamentsPage.created') },
  );
  return (
    <Card title={t('tournamentsPage.create')} style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ scoring: 'stake', games: ['crash'], minStake: 1 }}
        onFinish={(values) => create.mutate(values)}
        style={{ rowGap: 12 }}
      >
        <Form.Item name="name" label={t('tournamentsPage.name')} rules={[{ required: true, max: 80 }]}>
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="games" label={t('tournamentsPage.games')} rules={[{ required: true }]}>
          <Select
            mode="multiple"
            style={{ minWidth: 220 }}
            options={TOURNAMENT_GAMES.map((g) => ({ value: g, label: g }))}
          />
        </Form.Item>
        <Form.Item name="scoring" label={t('tournamentsPage.scoring')}>
          <Select
            style={{ width: 200 }}
            options={[
              { value: 'stake', label: t('tournamentsPage.byStake') },
              { value: 'multiplier', label: t('tournamentsPage.byMultiplier') },
            ]}
          />
        </Form.Item>
        <Form.Item name="minStake" label={t('tournamentsPage.minStake')}>
          <InputNumber min={0.01} precision={2} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="period" label={t('tournamentsPage.period')} rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" />
        </Form.Item>
        {prizesAllowed ? (
          <Form.Item
            name="prizes"
            label={t('tournamentsPage.prizes')}
            tooltip={t('tournamentsPage.prizesHint')}
          >
            <Input style={{ width: 220 }} placeholder="500, 250, 100" />
          </Form.Item>
        ) : null}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('tournamentsPage.createButton')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

function TournamentsTable({ rows }: { rows: AdminTournament[] }) {
  const { t } = useTranslation();
  const pay = useChange((id: number) => adminApi('POST /tournaments/:id/pay', { params: { id } }), {
    refresh: KEY,
    success: () => t('tournamentsPage.paidNow'),
  });
  return (
    <Card title={t('tournamentsPage.list')} style={{ marginBottom: 16 }}>
      <Table<AdminTournament>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('tournamentsPage.name'), dataIndex: 'name' },
          {
            title: t('tournamentsPage.games'),
            dataIndex: 'games',
            render: (games: string[]) => games.join(', '),
          },
          {
            title: t('tournamentsPage.scoring'),
            dataIndex: 'scoring',
            render: (s: string) =>
              t(s === 'stake' ? 'tournamentsPage.byStake' : 'tournamentsPage.byMultiplier'),
          },
          { title: t('tournamentsPage.starts'), dataIndex: 'startsAt', render: dateTime },
          { title: t('tournamentsPage.ends'), dataIndex: 'endsAt', render: dateTime },
          { title: t('tournamentsPage.players'), dataIndex: 'players' },
          {
            title: t('tournamentsPage.prizes'),
            dataIndex: 'prizes',
            render: (prizes: number[]) => (prizes.length ? prizes.map(money).join(' · ') : '—'),
          },
          { title: t('tournamentsPage.paid'), dataIndex: 'paid', render: money },
          {
            title: t('tournamentsPage.status'),
            dataIndex: 'status',
            render: (status: AdminTournament['status']) => (
              <Tag color={STATUS_COLOURS[status]}>{t(`tournamentsPage.statuses.${status}`)}</Tag>
            ),
          },
          {
            title: t('app.actions'),
            key: 'actions',
            render: (_, row) =>
              row.status === 'ended' ? (
                <Popconfirm title={t('tournamentsPage.payConfirm')} onConfirm={() => pay.mutate(row.id)}>
                  <Button size="small" type="primary">
                    {t('tournamentsPage.pay')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

/** Tournaments and missions (issue 34, decision 0067): create, follow, pay once. */
export default function TournamentsPage() {
  const { t } = useTranslation();
  const overview = useQuery({ queryKey: KEY, queryFn: () => adminApi('GET /tournaments') });
  const data = overview.data;
  return (
    <>
      <PageTitle title={t('menu.tournaments')} hint={t('tournamentsPage.hint')} />
      {data && !data.prizesAllowed ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('tournamentsPage.noPrizes')} />
      ) : null}
      <Space direction="vertical" style={{ width: '100%' }}>
        <CreateTournament prizesAllowed={data?.prizesAllowed ?? false} />
        <TournamentsTable rows={data?.tournaments ?? []} />
        <MissionsCard missions={data?.missions ?? []} prizesAllowed={data?.prizesAllowed ?? false} />
      </Space>
    </>
  );
}
