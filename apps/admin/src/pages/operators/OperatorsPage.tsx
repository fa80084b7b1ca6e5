import { PlusOutlined } from '@ant-design/icons';
import type { CreateOperatorBody, OperatorView, UpdateOperatorBody } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, Popconfirm, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime } from '../../app/format.ts';
import { ROLES, type Role, useMe } from '../../app/session.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

const operatorsKey = ['admin', 'operators'] as const;

function NewOperator({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useChange((body: CreateOperatorBody) => adminApi('POST /operators', { body }), {
    refresh: operatorsKey,
    success: () => t('operators.created'),
    onDone: onClose,
  });
  return (
    <FormDialog<CreateOperatorBody>
      open={open}
      title={t('operators.new')}
      saving={create.isPending}
      initialValues={{ roles: ['support'] }}
      onSubmit={(values) => create.mutate(values)}
      onClose={onClose}
    >
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[
          { required: true, message: t('validation.required') },
          { pattern: /^[a-z0-9._-]{3,50}$/, message: t('validation.operatorName') },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[
          { required: true, message: t('validation.required') },
          { min: 12, max: 200, message: t('validation.operatorPassword') },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="roles"
        label={t('operators.roles')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Checkbox.Group options={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
      </Form.Item>
    </FormDialog>
  );
}

export default function OperatorsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const operators = useQuery({ queryKey: operatorsKey, queryFn: () => adminApi('GET /operators') });
  const update = useChange(
    ({ id, body }: { id: number; body: UpdateOperatorBody }) =>
      adminApi('POST /operators/:id', { params: { id }, body }),
    { refresh: operatorsKey },
  );
  return (
    <>
      <PageTitle
        title={t('menu.operators')}
        hint={t('operators.hint')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('operators.new')}
          </Button>
        }
      />
      <Card>
        <Table<OperatorView>
          rowKey="id"
          size="middle"
          loading={operators.isFetching}
          dataSource={operators.data ?? []}
          pagination={false}
          columns={[
            { title: t('login.username'), dataIndex: 'username', width: 180 },
            {
              title: t('operators.roles'),
              dataIndex: 'roles',
              render: (roles: Role[], row) => (
                <Select<Role[]>
                  mode="multiple"
                  style={{ minWidth: 320 }}
                  value={roles}
                  disabled={row.username === me.data?.username}
                  options={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
                  onChange={(next) => next.length > 0 && update.mutate({ id: row.id, body: { roles: next } })}
                />
              ),
            },
            {
              title: t('app.status'),
              dataIndex: 'status',
              render: (status: OperatorView['status']) => (
                <Tag color={status === 'active' ? 'green' : 'red'}>{t(`operators.status.${status}`)}</Tag>
              ),
            },
            {
              title: t('operators.totp'),
              dataIndex: 'totpEnabled',
              render: (on: boolean) => (
                <Tag color={on ? 'green' : 'default'}>{t(on ? 'operators.totpOn' : 'operators.totpOff')}</Tag>
              ),
            },
            { title: t('operators.lastLogin'), dataIndex: 'lastLoginAt', render: dateTime },
            {
              title: t('app.actions'),
              key: 'actions',
              width: 140,
              render: (_, row) =>
                row.username === me.data?.username ? null : (
                  <Popconfirm
                    title={t(
                      row.status === 'active' ? 'operators.disableConfirm' : 'operators.enableConfirm',
                    )}
                    okText={t('app.yes')}
                    cancelText={t('app.no')}
                    onConfirm={() =>
                      update.mutate({
                        id: row.id,
                        body: { status: row.status === 'active' ? 'disabled' : 'active' },
                      })
                    }
                  >
                    <Button size="small" danger={row.status === 'active'}>
                      {t(row.status === 'active' ? 'operators.disable' : 'operators.enable')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </Card>
      <NewOperator open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
