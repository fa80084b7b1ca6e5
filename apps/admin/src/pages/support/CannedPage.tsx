import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CannedAnswer, CannedAnswerBody } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

type Editing = { answer: CannedAnswer | null } | null;
const cannedKey = ['admin', 'chat', 'canned'] as const;

function CannedDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = editing?.answer ?? null;
  const save = useChange(
    (body: CannedAnswerBody) =>
      answer
        ? adminApi('POST /chat/canned/:id', { params: { id: answer.id }, body })
        : adminApi('POST /chat/canned', { body }),
    { refresh: cannedKey, onDone: onClose },
  );
  return (
    <FormDialog<CannedAnswerBody>
      open={editing !== null}
      width={640}
      title={t(answer ? 'canned.edit' : 'canned.new')}
      saving={save.isPending}
      initialValues={answer ?? { title: '', text: '' }}
      onSubmit={(values) => save.mutate({ title: values.title.trim(), text: values.text.trim() })}
      onClose={onClose}
    >
      <Form.Item
        name="title"
        label={t('canned.title')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required') },
          { max: 60, message: t('validation.max', { max: 60 }) },
        ]}
      >
        <Input maxLength={60} showCount />
      </Form.Item>
      <Form.Item
        name="text"
        label={t('canned.text')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required') },
          { max: 2000, message: t('validation.max', { max: 2000 }) },
        ]}
      >
        <Input.TextArea rows={6} maxLength={2000} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** The canned answers operators pick from in the inbox; any support operator edits them (audited). */
export default function CannedPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const answers = useQuery({ queryKey: cannedKey, queryFn: () => adminApi('GET /chat/canned') });
  const remove = useChange((id: number) => adminApi('POST /chat/canned/:id/delete', { params: { id } }), {
    refresh: cannedKey,
  });
  return (
    <>
      <PageTitle
        title={t('menu.canned')}
        hint={t('canned.hint')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ answer: null })}>
            {t('canned.new')}
          </Button>
        }
      />
      <Card>
        <Table<CannedAnswer>
          rowKey="id"
          size="middle"
          loading={answers.isFetching}
          dataSource={answers.data ?? []}
          pagination={false}
          columns={[
            { title: t('canned.title'), dataIndex: 'title', width: 240 },
            { title: t('canned.text'), dataIndex: 'text', ellipsis: true },
            {
              title: t('app.actions'),
              key: 'actions',
              width: 200,
              render: (_, row) => (
                <Space>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ answer: row })}>
                    {t('app.edit')}
                  </Button>
                  <Popconfirm title={t('canned.deleteConfirm')} onConfirm={() => remove.mutate(row.id)}>
                    <Button size="small" danger icon={<DeleteOutlined />}>
                      {t('canned.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <CannedDialog editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
