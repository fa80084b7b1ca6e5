import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminPackage, PackageBody } from '@aposta/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { money } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';

const AMOUNT = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/;
type Editing = { pkg: AdminPackage | null } | null;

function PackageDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PackageBody>();
  const pkg = editing?.pkg ?? null;
  const save = useMutation({
    mutationFn: (body: PackageBody) => call(pkg ? `/packages/${pkg.pkgId}` : '/packages', { body }),
    onSuccess: () => {
      message.success(t('app.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'packages'] });
      onClose();
    },
    onError: (error) => message.error(problemText(error)),
  });
  const amountRules = [
    { required: true, message: t('validation.required') },
    { pattern: AMOUNT, message: t('validation.amount') },
  ];
  return (
    <Modal
      open={editing !== null}
      title={t(pkg ? 'packages.edit' : 'packages.new')}
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
        initialValues={
          pkg
            ? { ...pkg, price: String(pkg.price), gift: String(pkg.gift) }
            : { price: '', gift: '0', curreny: 'BRL', sort: 0, enabled: true }
        }
        onFinish={(values) =>
          save.mutate({ ...values, price: String(values.price).trim(), gift: String(values.gift).trim() })
        }
      >
        <Form.Item name="price" label={t('packages.price')} rules={amountRules}>
          <Input prefix="R$" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="gift" label={t('packages.gift')} rules={amountRules} extra={t('packages.giftHint')}>
          <Input prefix="R$" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="curreny" label={t('packages.currency')}>
          <Select
            options={[
              { value: 'BRL', label: 'BRL' },
              { value: 'USDT', label: 'USDT' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('packages.sort')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber min={0} max={10000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('packages.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function PackagesPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const packages = useQuery({
    queryKey: ['admin', 'packages'],
    queryFn: () => call<AdminPackage[]>('/packages'),
  });
  return (
    <>
      <PageTitle
        title={t('menu.packages')}
        hint={t('packages.hint')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ pkg: null })}>
            {t('packages.new')}
          </Button>
        }
      />
      <Card>
        <Table<AdminPackage>
          rowKey="pkgId"
          size="middle"
          loading={packages.isFetching}
          dataSource={packages.data ?? []}
          pagination={false}
          columns={[
            {
              title: t('packages.sort'),
              dataIndex: 'sort',
              width: 90,
              sorter: (a, b) => a.sort - b.sort,
              defaultSortOrder: 'ascend',
            },
            { title: t('packages.price'), dataIndex: 'price', align: 'right', render: money },
            { title: t('packages.gift'), dataIndex: 'gift', align: 'right', render: money },
            { title: t('packages.currency'), dataIndex: 'curreny' },
            {
              title: t('packages.enabled'),
              dataIndex: 'enabled',
              align: 'center',
              render: (enabled: boolean) => <Switch size="small" checked={enabled} disabled />,
            },
            {
              title: t('app.actions'),
              key: 'edit',
              width: 110,
              render: (_, pkg) => (
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ pkg })}>
                  {t('app.edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <PackageDialog editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
