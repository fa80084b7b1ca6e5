import { type AdminTournamentsAnswer, TOURNAMENT_GAMES } from '@aposta/contract';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { useChange } from '../../components/useChange.ts';

type MissionRow = AdminTournamentsAnswer['missions'][number];

interface MissionForm {
  name: string;
  game: (typeof TOURNAMENT_GAMES)[number];
  minMultiplier: number;
  target: number;
  reward: number;
  period: [Dayjs, Dayjs];
}

/** Missions: "N bets on a game at ≥ X×", their claims and what they paid. */
export function MissionsCard({
  missions,
  prizesAllowed,
}: {
  missions: MissionRow[];
  prizesAllowed: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MissionForm>();
  const create = useChange(
    (values: MissionForm) =>
      adminApi('POST /missions', {
        body: {
          name: values.name,
          game: values.game,
          minMultiplier: Math.round(values.minMultiplier * 100),
          target: values.target,
          reward: prizesAllowed ? values.reward : 0,
          startsAt: values.period[0].valueOf(),
          endsAt: values.period[1].valueOf(),
        },
      }),
    { refresh: ['admin', 'tournaments'], success: () => t('tournamentsPage.missionCreated') },
  );
  return (
    <Card title={t('tournamentsPage.missions')}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ game: 'crash', minMultiplier: 2, target: 10, reward: 5 }}
        onFinish={(values) => create.mutate(values)}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="name" label={t('tournamentsPage.name')} rules={[{ required: true, max: 80 }]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="game" label={t('tournamentsPage.game')}>
          <Select style={{ width: 130 }} options={TOURNAMENT_GAMES.map((g) => ({ value: g, label: g }))} />
        </Form.Item>
        <Form.Item name="target" label={t('tournamentsPage.target')}>
          <InputNumber min={1} max={10_000} precision={0} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="minMultiplier" label={t('tournamentsPage.minMultiplier')}>
          <InputNumber min={1} max={10_000} precision={2} step={0.5} style={{ width: 100 }} addonAfter="×" />
        </Form.Item>
        {prizesAllowed ? (
          <Form.Item name="reward" label={t('tournamentsPage.reward')}>
            <InputNumber min={0} precision={2} style={{ width: 100 }} />
          </Form.Item>
        ) : null}
        <Form.Item name="period" label={t('tournamentsPage.period')} rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('tournamentsPage.createMission')}
          </Button>
        </Form.Item>
      </Form>
      <Table<MissionRow>
        rowKey="id"
        size="small"
        dataSource={missions}
        pagination={false}
        columns={[
          { title: t('tournamentsPage.name'), dataIndex: 'name' },
          { title: t('tournamentsPage.game'), dataIndex: 'game' },
          {
            title: t('tournamentsPage.rule'),
            key: 'rule',
            render: (_, m) =>
              t('tournamentsPage.ruleText', { target: m.target, x: (m.minMultiplier / 100).toFixed(2) }),
          },
          { title: t('tournamentsPage.reward'), dataIndex: 'reward', render: money },
          { title: t('tournamentsPage.ends'), dataIndex: 'endsAt', render: dateTime },
          { title: t('tournamentsPage.claims'), dataIndex: 'claims' },
          { title: t('tournamentsPage.paid'), dataIndex: 'paid', render: money },
        ]}
      />
    </Card>
  );
}
