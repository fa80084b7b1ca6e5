import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';
import { MoneyItem } from './VipPage.tsx';

type GrantForm = { uIds: string[]; title: string; amount: number };

/** Awards granted to players (the home popup's gifts) and those earned in activities; receiving is the player's. */
export default function AwardsPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [uId, setUId] = useState<string>('');
  const grant = useChange(
    (body: { uIds: number[]; title: string; amount: number }) => adminApi('POST /awards', { body }),
    {
      refresh: ['admin', '/awards'],
      success: () => t('engage.award.granted'),
      onDone: () => setOpen(false),
    },
  );
  return (
    <>
      <PageTitle
        title={t('menu.awards')}
        hint={t('engage.award.hint')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            {t('engage.award.new')}
          </Button>
        }
      />
      <Card>
        <Input.Search
          allowClear
          style={{ maxWidth: 280, marginBottom: 16 }}
          placeholder={t('engage.award.filter')}
          aria-label={t('engage.award.filter')}
          onSearch={(value) => setUId(value.replace(/\D/g, ''))}
        />
        <PagedTable
          route="GET /awards"
          filters={{ uId: uId ? Number(uId) : undefined }}
          rowKey="id"
          size="middle"
          columns={[
            { title: 'uId', dataIndex: 'uId', width: 100 },
            { title: t('engage.award.player'), dataIndex: 'username' },
            { title: t('engage.award.title'), dataIndex: 'title' },
            { title: t('engage.award.amount'), dataIndex: 'amount', align: 'right', render: money },
            {
              title: t('engage.award.source'),
              dataIndex: 'activityId',
              render: (id: number | null) =>
                id === null ? t('engage.award.operator') : t('engage.award.activity', { id }),
            },
            { title: t('app.time'), dataIndex: 'time', render: dateTime },
            { title: t('engage.award.received'), dataIndex: 'receivedAt', render: dateTime },
          ]}
        />
      </Card>
      <FormDialog<GrantForm>
        open={open}
        title={t('engage.award.new')}
        saving={grant.isPending}
        initialValues={{ uIds: [], title: '', amount: 10 }}
        onSubmit={(values) =>
          grant.mutate({ uIds: values.uIds.map(Number), title: values.title.trim(), amount: values.amount })
        }
        onClose={() => setOpen(false)}
      >
        <Form.Item
          name="uIds"
          label={t('engage.award.players')}
          extra={t('engage.award.playersHint')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('engage.award.title')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <MoneyItem name="amount" label={t('engage.award.amount')} min={0.01} />
      </FormDialog>
    </>
  );
}
