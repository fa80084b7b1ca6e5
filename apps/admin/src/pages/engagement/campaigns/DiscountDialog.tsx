import type { AdminDiscount, DiscountBody } from '@aposta/contract';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/typed.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useChange } from '../../../components/useChange.ts';
import { decimalSeparator } from '../VipPage.tsx';
import { defaultPeriod, discountsKey, type Period, PeriodItem, periodOf } from './period.tsx';

type DiscountForm = Omit<DiscountBody, 'startsAt' | 'endsAt' | 'discount'> & Period & { percent: number };

/** Creates or edits a deposit discount campaign. */
export function DiscountDialog({
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
