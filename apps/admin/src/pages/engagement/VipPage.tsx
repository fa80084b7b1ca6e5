import { EditOutlined } from '@ant-design/icons';
import type { AdminVipLevelBody, VipLevel } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Table } from 'antd';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { count, money } from '../../app/format.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

const levelsKey = ['admin', 'vip', 'levels'] as const;

/** The operator's decimal comma (pt_BR) or point (en_US) in number fields. */
export const decimalSeparator = () => (i18next.language === 'en_US' ? '.' : ',');

/** A money field in reais: two decimals, never negative. */
export function MoneyItem({
  name,
  label,
  min = 0,
}: {
  name: string | (string | number)[];
  label: string;
  min?: number;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('validation.required') }]}>
      <InputNumber
        min={min}
        precision={2}
        step={1}
        prefix="R$"
        decimalSeparator={decimalSeparator()}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

function LevelDialog({ level, onClose }: { level: VipLevel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useChange(
    (body: AdminVipLevelBody) =>
      adminApi('POST /vip/levels/:level', { params: { level: level!.level }, body }),
    {
      refresh: levelsKey,
      onDone: onClose,
    },
  );
  const first = level?.level === 1;
  return (
    <FormDialog<AdminVipLevelBody>
      open={level !== null}
      title={t('engage.vip.edit', { level: level?.level })}
      saving={save.isPending}
      initialValues={level ?? {}}
      onSubmit={(values) => save.mutate(values)}
      onClose={onClose}
    >
      {!first && <MoneyItem name="paySumAmount" label={t('engage.vip.paySum')} />}
      {!first && <MoneyItem name="gameSumAmount" label={t('engage.vip.gameSum')} />}
      {first && (
        <>
          <Form.Item name="paySumAmount" hidden>
            <InputNumber />
          </Form.Item>
          <Form.Item name="gameSumAmount" hidden>
            <InputNumber />
          </Form.Item>
        </>
      )}
      <MoneyItem name="withdrawDayMax" label={t('engage.vip.dayMax')} min={0.01} />
      <Form.Item
        name="withdrawDayCount"
        label={t('engage.vip.dayCount')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <MoneyItem name="reward" label={t('engage.vip.reward')} />
    </FormDialog>
  );
}

export default function VipPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<VipLevel | null>(null);
  const levels = useQuery({ queryKey: levelsKey, queryFn: () => adminApi('GET /vip/levels') });
  return (
    <>
      <PageTitle title={t('menu.vip')} hint={t('engage.vip.hint')} />
      <Card>
        <Table<VipLevel>
          rowKey="level"
          size="middle"
          loading={levels.isFetching}
          dataSource={levels.data ?? []}
          pagination={false}
          columns={[
            { title: t('engage.vip.level'), dataIndex: 'level', width: 80 },
            { title: t('engage.vip.paySum'), dataIndex: 'paySumAmount', align: 'right', render: money },
            { title: t('engage.vip.gameSum'), dataIndex: 'gameSumAmount', align: 'right', render: money },
            { title: t('engage.vip.dayMax'), dataIndex: 'withdrawDayMax', align: 'right', render: money },
            { title: t('engage.vip.dayCount'), dataIndex: 'withdrawDayCount', align: 'right', render: count },
            { title: t('engage.vip.reward'), dataIndex: 'reward', align: 'right', render: money },
            {
              title: t('app.actions'),
              key: 'edit',
              width: 110,
              render: (_, row) => (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('engage.vip.edit', { level: row.level })}
                  onClick={() => setEditing(row)}
                >
                  {t('app.edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <LevelDialog level={editing} onClose={() => setEditing(null)} />
    </>
  );
}
