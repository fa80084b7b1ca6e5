import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActivityBody, AdminActivity, AdminDiscount, DiscountBody } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Switch, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';
import { decimalSeparator, MoneyItem } from './VipPage.tsx';

/** A fraction as a percent in the operator's language (0.2 → 20,00 %). */
const percent = (value: number) =>
  new Intl.NumberFormat(i18next.language === 'en_US' ? 'en-US' : 'pt-BR', {
    style: 'percent',
    minimumFractionDigits: 2,
  }).format(value);

const discountsKey = ['admin', 'discounts'] as const;
const activitiesKey = ['admin', 'activities'] as const;

type Period = { period: [Dayjs, Dayjs] };
const periodOf = (startsAt: number, endsAt: number): [Dayjs, Dayjs] => [dayjs(startsAt), dayjs(endsAt)];
const defaultPeriod = (): [Dayjs, Dayjs] => [dayjs(), dayjs().add(7, 'day')];

function PeriodItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="period"
      label={t('engage.period')}
      rules={[{ required: true, message: t('validation.required') }]}
    >
      <DatePicker.RangePicker showTime style={{ width: '100%' }} />
    </Form.Item>
  );
}

type DiscountForm = Omit<DiscountBody, 'startsAt' | 'endsAt' | 'discount'> & Period & { percent: number };

function DiscountDialog({
  editing,
  onClose,
}: {
  editing: { row: AdminDiscount | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const row = editing?.row ?? null;
  const save = useChange(
    (body: DiscountBody) =>
      row
        ? adminApi('POST /discounts/:id', { params: { id: row.id }, body })
        : adminApi('POST /discounts', { body }),
    {
      refresh: discountsKey,
      onDone: onClose,
    },
  );
  return (
    <FormDialog<DiscountForm>
      open={editing !== null}
      title={t(row ? 'engage.discount.edit' : 'engage.discount.new')}
      saving={save.isPending}
      initialValues={
        row
          ? {
              ...row,
              percent: Math.round(row.discount * 10000) / 100,
              period: periodOf(row.startsAt, row.endsAt),
            }
          : { audience: 'first_deposit', percent: 10, hours: 24, enabled: true, period: defaultPeriod() }
      }
      onSubmit={({ period, percent, ...values }) =>
        save.mutate({
          ...values,
          name: values.name.trim(),
          discount: Math.round(percent * 100) / 10000,
          hours: values.audience === 'first_deposit' ? (values.hours ?? 24) : null,
          startsAt: period[0].valueOf(),
          endsAt: period[1].valueOf(),
        })
      }
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('engage.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="audience" label={t('engage.discount.audience')}>
        <Select
          options={[
            { value: 'first_deposit', label: t('engage.discount.first_deposit') },
            { value: 'everyone', label: t('engage.discount.everyone') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="percent"
        label={t('engage.discount.percent')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <InputNumber
          min={0.01}
          max={99.99}
          precision={2}
          suffix="%"
          decimalSeparator={decimalSeparator()}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="hours" label={t('engage.discount.hours')} extra={t('engage.discount.hoursHint')}>
        <InputNumber min={1} max={8760} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <PeriodItem />
      <Form.Item name="enabled" label={t('engage.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

type ActivityForm = Omit<ActivityBody, 'startsAt' | 'endsAt' | 'targetStake' | 'reward'> &
  Period & { targetStake: number | null; reward: number };

function ActivityDialog({
  editing,
  onClose,
}: {
  editing: { row: AdminActivity | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const row = editing?.row ?? null;
  const save = useChange(
    (body: ActivityBody) =>
      row
        ? adminApi('POST /activities/:id', { params: { id: row.id }, body })
        : adminApi('POST /activities', { body }),
    {
      refresh: activitiesKey,
      onDone: onClose,
    },
  );
  return (
    <FormDialog<ActivityForm>
      open={editing !== null}
      width={680}
      title={t(row ? 'engage.activity.edit' : 'engage.activity.new')}
      saving={save.isPending}
      initialValues={
        row
          ? { ...row, period: periodOf(row.startsAt, row.endsAt) }
          : {
              title: '',
              image: '',
              summary: '',
              content: '',
              targetStake: null,
              reward: 0,
              enabled: true,
              sort: 0,
              period: defaultPeriod(),
            }
      }
      onSubmit={({ period, ...values }) =>
        save.mutate({
          ...values,
          title: values.title.trim(),
          image: (values.image ?? '').trim(),
          summary: values.summary ?? '',
          content: values.content ?? '',
          targetStake: values.targetStake ?? null,
          startsAt: period[0].valueOf(),
          endsAt: period[1].valueOf(),
        })
      }
      onClose={onClose}
    >
      <Form.Item
        name="title"
        label={t('engage.activity.title')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="image" label={t('engage.activity.image')}>
        <Input maxLength={500} placeholder="/activities/…" />
      </Form.Item>
      <Form.Item name="summary" label={t('engage.activity.summary')}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="content" label={t('engage.activity.content')}>
        <Input.TextArea rows={5} maxLength={20000} />
      </Form.Item>
      <PeriodItem />
      <Space size="large">
        <Form.Item
          name="targetStake"
          label={t('engage.activity.target')}
          extra={t('engage.activity.targetHint')}
        >
          <InputNumber min={0.01} precision={2} prefix="R$" decimalSeparator={decimalSeparator()} />
        </Form.Item>
        <MoneyItem name="reward" label={t('engage.activity.reward')} />
        <Form.Item name="sort" label={t('engage.sort')}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
      </Space>
      <Form.Item name="enabled" label={t('engage.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

const period = (_: unknown, row: { startsAt: number; endsAt: number }) =>
  `${dateTime(row.startsAt)} – ${dateTime(row.endsAt)}`;

/** Deposit discount campaigns and activities (with their stake targets and awards). */
export default function CampaignsPage() {
  const { t } = useTranslation();
  const [discount, setDiscount] = useState<{ row: AdminDiscount | null } | null>(null);
  const [activity, setActivity] = useState<{ row: AdminActivity | null } | null>(null);
  const discounts = useQuery({ queryKey: discountsKey, queryFn: () => adminApi('GET /discounts') });
  const activities = useQuery({
    queryKey: activitiesKey,
    queryFn: () => adminApi('GET /activities'),
  });
  const editButton = (onClick: () => void) => (
    <Button size="small" icon={<EditOutlined />} onClick={onClick}>
      {t('app.edit')}
    </Button>
  );
  return (
    <>
      <PageTitle title={t('menu.campaigns')} hint={t('engage.campaignsHint')} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card
          title={t('engage.discount.title')}
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDiscount({ row: null })}>
              {t('engage.discount.new')}
            </Button>
          }
        >
          <Table<AdminDiscount>
            rowKey="id"
            size="middle"
            loading={discounts.isFetching}
            dataSource={discounts.data ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('engage.name'), dataIndex: 'name' },
              {
                title: t('engage.discount.audience'),
                dataIndex: 'audience',
                render: (value: string) => t(`engage.discount.${value}`),
              },
              {
                title: t('engage.discount.percent'),
                dataIndex: 'discount',
                align: 'right',
                render: percent,
              },
              {
                title: t('engage.discount.hours'),
                dataIndex: 'hours',
                align: 'right',
                render: (value: number | null) => value ?? '—',
              },
              { title: t('engage.period'), key: 'period', render: period },
              {
                title: t('engage.enabled'),
                dataIndex: 'enabled',
                render: (value: boolean) => t(value ? 'app.yes' : 'app.no'),
              },
              {
                title: t('app.actions'),
                key: 'edit',
                width: 110,
                render: (_, row) => editButton(() => setDiscount({ row })),
              },
            ]}
          />
        </Card>
        <Card
          title={t('engage.activity.list')}
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setActivity({ row: null })}>
              {t('engage.activity.new')}
            </Button>
          }
        >
          <Table<AdminActivity>
            rowKey="id"
            size="middle"
            loading={activities.isFetching}
            dataSource={activities.data ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('engage.activity.title'), dataIndex: 'title' },
              { title: t('engage.activity.target'), dataIndex: 'targetStake', align: 'right', render: money },
              { title: t('engage.activity.reward'), dataIndex: 'reward', align: 'right', render: money },
              { title: t('engage.period'), key: 'period', render: period },
              {
                title: t('engage.enabled'),
                dataIndex: 'enabled',
                render: (value: boolean) => t(value ? 'app.yes' : 'app.no'),
              },
              {
                title: t('app.actions'),
                key: 'edit',
                width: 110,
                render: (_, row) => editButton(() => setActivity({ row })),
              },
            ]}
          />
        </Card>
      </Space>
      <DiscountDialog editing={discount} onClose={() => setDiscount(null)} />
      <ActivityDialog editing={activity} onClose={() => setActivity(null)} />
    </>
  );
}
