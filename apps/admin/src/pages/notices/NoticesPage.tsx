import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminNotice, NoticeBody } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Switch, Table } from 'antd';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime } from '../../app/format.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

type Editing = { notice: AdminNotice | null } | null;
const noticesKey = ['admin', 'notices'] as const;
/** Switching a notice on says it is published; anything else is just saved. */
const published = ({ enabled }: { enabled?: boolean }) =>
  i18next.t(enabled ? 'notices.published' : 'app.saved');

function NoticeDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const notice = editing?.notice ?? null;
  const save = useChange(
    (body: NoticeBody) =>
      notice
        ? adminApi('POST /notices/:id', { params: { id: notice.id }, body })
        : adminApi('POST /notices', { body }),
    { refresh: noticesKey, success: published, onDone: onClose },
  );
  return (
    <FormDialog<NoticeBody>
      open={editing !== null}
      width={640}
      title={t(notice ? 'notices.edit' : 'notices.new')}
      saving={save.isPending}
      initialValues={notice ?? { title: '', content: '', enabled: true }}
      onSubmit={(values) =>
        save.mutate({ ...values, title: values.title.trim(), content: values.content.trim() })
      }
      onClose={onClose}
    >
      <Form.Item
        name="title"
        label={t('notices.title')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required') },
          { max: 200, message: t('validation.max', { max: 200 }) },
        ]}
      >
        <Input maxLength={200} showCount />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('notices.content')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required') },
          { max: 4000, message: t('validation.max', { max: 4000 }) },
        ]}
      >
        <Input.TextArea rows={6} maxLength={4000} showCount />
      </Form.Item>
      <Form.Item
        name="enabled"
        label={t('notices.enabled')}
        valuePropName="checked"
        extra={t('notices.enabledHint')}
      >
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

export default function NoticesPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const notices = useQuery({ queryKey: noticesKey, queryFn: () => adminApi('GET /notices') });
  const toggle = useChange(
    ({ id, enabled }: { id: number; enabled: boolean }) =>
      adminApi('POST /notices/:id', { params: { id }, body: { enabled } }),
    { refresh: noticesKey, success: published },
  );
  return (
    <>
      <PageTitle
        title={t('menu.notices')}
        hint={t('notices.hint')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ notice: null })}>
            {t('notices.new')}
          </Button>
        }
      />
      <Card>
        <Table<AdminNotice>
          rowKey="id"
          size="middle"
          loading={notices.isFetching}
          dataSource={notices.data ?? []}
          pagination={{ pageSize: 20, showTotal: (total) => t('table.total', { count: total }) }}
          columns={[
            { title: t('notices.title'), dataIndex: 'title', width: 280 },
            { title: t('notices.content'), dataIndex: 'content', ellipsis: true },
            {
              title: t('notices.enabled'),
              dataIndex: 'enabled',
              width: 110,
              align: 'center',
              render: (enabled: boolean, row) => (
                <Switch
                  checked={enabled}
                  aria-label={t('notices.enabledLabel', { title: row.title })}
                  onChange={(value) => toggle.mutate({ id: row.id, enabled: value })}
                />
              ),
            },
            { title: t('app.time'), dataIndex: 'time', width: 190, render: dateTime },
            {
              title: t('app.actions'),
              key: 'edit',
              width: 110,
              render: (_, row) => (
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ notice: row })}>
                  {t('app.edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <NoticeDialog editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
