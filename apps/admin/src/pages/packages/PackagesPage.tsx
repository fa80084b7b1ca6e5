import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminPackage, PackageBody, PackageUpdateBody } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Select, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { money } from '../../app/format.ts';
import { useWords, VOCABULARIES } from '../../app/vocabulary.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

const AMOUNT = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/;
/** The package groups the player app asks for (spec.md: `curreny` of a price package), without the empty one. */
const CURRENCIES = VOCABULARIES.currency.filter((code) => code !== 'none');
type Editing = { pkg: AdminPackage | null } | null;
const packagesKey = ['admin', 'packages'] as const;

function PackageDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const word = useWords();
  const pkg = editing?.pkg ?? null;
  const save = useChange(
    (body: PackageBody) => {
      if (!pkg) return adminApi('POST /packages', { body });
      // An edit sends only what changed.
      const before: PackageBody = { ...pkg, price: String(pkg.price), gift: String(pkg.gift) };
      const changed = Object.fromEntries(
        Object.entries(body).filter(([key, value]) => before[key as keyof PackageBody] !== value),
      ) as PackageUpdateBody;
      return adminApi('POST /packages/:pkgId', { params: { pkgId: pkg.pkgId }, body: changed });
    },
    { refresh: packagesKey, onDone: onClose },
  );
  const amountRules = [
    { required: true, message: t('validation.required') },
    { pattern: AMOUNT, message: t('validation.amount') },
  ];
  return (
    <FormDialog<PackageBody>
      open={editing !== null}
      title={t(pkg ? 'packages.edit' : 'packages.new')}
      saving={save.isPending}
      initialValues={
        pkg
          ? { ...pkg, price: String(pkg.price), gift: String(pkg.gift) }
          : { price: '', gift: '0', curreny: 'BRL', sort: 0, enabled: true, channel: 'pix' }
      }
      onSubmit={(values) =>
        save.mutate({ ...values, price: String(values.price).trim(), gift: String(values.gift).trim() })
      }
      onClose={onClose}
    >
      <Form.Item name="price" label={t('packages.price')} rules={amountRules}>
        <Input prefix="R$" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="gift" label={t('packages.gift')} rules={amountRules} extra={t('packages.giftHint')}>
        <Input prefix="R$" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="curreny" label={t('packages.currency')}>
        <Select options={CURRENCIES.map((value) => ({ value, label: word('currency', value) }))} />
      </Form.Item>
      <Form.Item name="channel" label={t('packages.channel')} extra={t('packages.channelHint')}>
        <Select
          options={[
            { value: 'pix', label: t('packages.channelPix') },
            { value: 'card', label: t('packages.channelCard') },
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
    </FormDialog>
  );
}

export default function PackagesPage() {
  const { t } = useTranslation();
  const word = useWords();
  const [editing, setEditing] = useState<Editing>(null);
  const packages = useQuery({ queryKey: packagesKey, queryFn: () => adminApi('GET /packages') });
  const toggle = useChange(
    ({ pkgId, enabled }: { pkgId: number; enabled: boolean }) =>
      adminApi('POST /packages/:pkgId', { params: { pkgId }, body: { enabled } }),
    { refresh: packagesKey },
  );
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
            {
              title: t('packages.currency'),
              dataIndex: 'curreny',
              render: (code: string) => word('currency', code),
            },
            {
              title: t('packages.channel'),
              dataIndex: 'channel',
              render: (channel: AdminPackage['channel']) =>
                t(channel === 'card' ? 'packages.channelCard' : 'packages.channelPix'),
            },
            {
              title: t('packages.enabled'),
              dataIndex: 'enabled',
              align: 'center',
              render: (enabled: boolean, pkg) => (
                <Switch
                  size="small"
                  checked={enabled}
                  aria-label={t('packages.enabledLabel', { price: money(pkg.price) })}
                  onChange={(value) => toggle.mutate({ pkgId: pkg.pkgId, enabled: value })}
                />
              ),
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
