import type { ActivityBody, AdminActivity } from '@aposta/contract';
import { Form, Input, InputNumber, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/typed.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useChange } from '../../../components/useChange.ts';
import { decimalSeparator, MoneyItem } from '../VipPage.tsx';
import { activitiesKey, defaultPeriod, type Period, PeriodItem, periodOf } from './period.tsx';

type ActivityForm = Omit<ActivityBody, 'startsAt' | 'endsAt' | 'targetStake' | 'reward'> &
  Period & { targetStake: number | null; reward: number };

/** Creates or edits an activity (its stake target and reward). */
export function ActivityDialog({
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
