import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CannedAnswer, CannedAnswerBody } from '@aposta/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';

type Editing = { answer: CannedAnswer | null } | null;
const cannedKey = ['admin', 'chat', 'canned'] as const;

function CannedDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CannedAnswerBody>();
  const answer = editing?.answer ?? null;
  const save = useMutation({
    mutationFn: (body: CannedAnswerBody) =>
      call(answer ? `/chat/canned/${answer.id}` : '/chat/canned', { body }),
    onSuccess: () => {
      message.success(t('app.saved'));
      void queryClient.invalidateQueries({ queryKey: cannedKey });
      onClose();
    },
    onError: (error) => message.error(problemText(error)),
  });
  return (
    <Modal
      open={editing !== null}
      width={640}
      title={t(answer ? 'canned.edit' : 'canned.new')}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={answer ?? { title: '', text: '' }}
        onFinish={(values) => save.mutate({ title: values.title.trim(), text: values.text.trim() })}
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
      </Form>
    </Modal>
  );
}

/** The canned answers operators pick from in the inbox; any support operator edits them (audited). */
export default function CannedPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const answers = useQuery({ queryKey: cannedKey, queryFn: () => call<CannedAnswer[]>('/chat/canned') });
  const remove = useMutation({
    mutationFn: (id: number) => call(`/chat/canned/${id}/delete`, { method: 'POST' }),
    onSuccess: () => {
      message.success(t('app.saved'));
      void queryClient.invalidateQueries({ queryKey: cannedKey });
    },
    onError: (error) => message.error(problemText(error)),
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
