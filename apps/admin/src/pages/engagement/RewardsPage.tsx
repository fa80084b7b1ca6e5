import type { IncreaseRule, RewardRule } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  InputNumber,
  Row,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { count, money } from '../../app/format.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';
import { decimalSeparator, MoneyItem } from './VipPage.tsx';

const rulesKey = ['admin', 'rewards', 'rules'] as const;
const signinKey = ['admin', 'signin', 'rewards'] as const;
const increaseKey = ['admin', 'increase'] as const;

function RulesCard() {
  const { t } = useTranslation();
  const rules = useQuery({ queryKey: rulesKey, queryFn: () => adminApi('GET /rewards/rules') });
  const save = useChange(
    ({ kind, ...body }: RewardRule) => adminApi('POST /rewards/rules/:kind', { params: { kind }, body }),
    {
      refresh: rulesKey,
    },
  );
  return (
    <Card title={t('engage.rules.title')}>
      <Typography.Paragraph type="secondary">{t('engage.rules.hint')}</Typography.Paragraph>
      <Table<RewardRule>
        rowKey="kind"
        size="small"
        pagination={false}
        loading={rules.isFetching}
        dataSource={rules.data ?? []}
        columns={[
          {
            title: t('engage.rules.kind'),
            dataIndex: 'kind',
            render: (kind: string) => t(`engage.kind.${kind}`),
          },
          {
            title: t('engage.rules.multiple'),
            dataIndex: 'wageringMultiple',
            width: 160,
            render: (value: number, row) => (
              <InputNumber
                min={0}
                max={100}
                precision={0}
                value={value}
                aria-label={t('engage.rules.multipleOf', { kind: t(`engage.kind.${row.kind}`) })}
                disabled={row.toCash}
                onChange={(next) => next !== null && save.mutate({ ...row, wageringMultiple: next })}
              />
            ),
          },
          {
            title: t('engage.rules.cash'),
            dataIndex: 'toCash',
            width: 120,
            align: 'center',
            render: (value: boolean, row) => (
              <Switch
                checked={value}
                aria-label={t('engage.rules.cashOf', { kind: t(`engage.kind.${row.kind}`) })}
                onChange={(next) => save.mutate({ ...row, toCash: next })}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

function SigninCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ rewards: number[] }>();
  const rewards = useQuery({
    queryKey: signinKey,
    queryFn: () => adminApi('GET /signin/rewards'),
  });
  useEffect(() => {
    if (rewards.data) form.setFieldsValue({ rewards: rewards.data.map((row) => row.reward) });
  }, [rewards.data, form]);
  const save = useChange((body: { rewards: number[] }) => adminApi('POST /signin/rewards', { body }), {
    refresh: signinKey,
  });
  return (
    <Card title={t('engage.signin.title')}>
      <Typography.Paragraph type="secondary">{t('engage.signin.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Row gutter={12}>
          {[0, 1, 2, 3, 4, 5, 6].map((index) => (
            <Col span={6} key={index}>
              <MoneyItem name={['rewards', index]} label={t('engage.signin.day', { day: index + 1 })} />
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('app.save')}
        </Button>
      </Form>
    </Card>
  );
}

function IncreaseCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<IncreaseRule>();
  const rule = useQuery({ queryKey: increaseKey, queryFn: () => adminApi('GET /increase') });
  useEffect(() => {
    if (rule.data) form.setFieldsValue(rule.data);
  }, [rule.data, form]);
  const save = useChange((body: IncreaseRule) => adminApi('POST /increase', { body }), {
    refresh: increaseKey,
  });
  return (
    <Card title={t('engage.increase.title')}>
      <Typography.Paragraph type="secondary">{t('engage.increase.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <MoneyItem name="threshold" label={t('engage.increase.threshold')} min={0.01} />
        <Form.Item
          name="bouns"
          label={t('engage.increase.bouns')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber
            min={1.0001}
            max={10}
            step={0.01}
            precision={4}
            decimalSeparator={decimalSeparator()}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('engage.increase.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('app.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** A bonus-cost account's name in words: a reward kind, or an activity's or a discount campaign's id. */
function campaignName(name: string): string {
  const [kind, id] = name.split(':');
  if (id !== undefined) return i18next.t(`engage.costs.${kind}`, { id });
  return name === 'deposit_gift' ? i18next.t('engage.costs.depositGift') : i18next.t(`engage.kind.${name}`);
}

function CostsCard() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const costs = useQuery({
    queryKey: ['admin', 'engagement', 'costs', from, to],
    queryFn: () => adminApi('GET /engagement/costs', { query: { from, to } }),
  });
  return (
    <Card
      title={t('engage.costs.title')}
      extra={
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
        />
      }
    >
      <Table
        rowKey="campaign"
        size="small"
        pagination={false}
        loading={costs.isFetching}
        dataSource={costs.data ?? []}
        columns={[
          {
            title: t('engage.costs.campaign'),
            dataIndex: 'campaign',
            render: campaignName,
          },
          { title: t('engage.costs.credits'), dataIndex: 'credits', align: 'right', render: count },
          { title: t('engage.costs.amount'), dataIndex: 'amount', align: 'right', render: money },
        ]}
      />
    </Card>
  );
}

/** Reward rules (wagering or cash per kind), the sign-in calendar, the increase rule and what each campaign cost. */
export default function RewardsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('menu.rewards')} hint={t('engage.rewardsHint')} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Row gutter={16}>
          <Col span={14}>
            <RulesCard />
          </Col>
          <Col span={10}>
            <IncreaseCard />
          </Col>
        </Row>
        <SigninCard />
        <CostsCard />
      </Space>
    </>
  );
}
