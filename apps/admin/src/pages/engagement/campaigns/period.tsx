import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export const discountsKey = ['admin', 'discounts'] as const;
export const activitiesKey = ['admin', 'activities'] as const;

export type Period = { period: [Dayjs, Dayjs] };
export const periodOf = (startsAt: number, endsAt: number): [Dayjs, Dayjs] => [
  dayjs(startsAt),
  dayjs(endsAt),
];
export const defaultPeriod = (): [Dayjs, Dayjs] => [dayjs(), dayjs().add(7, 'day')];

/** The campaign's start and end, both required. */
export function PeriodItem() {
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
