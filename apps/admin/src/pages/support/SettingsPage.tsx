import type { AuditEntry, SupportConfig } from '@aposta/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';

const settingsKey = ['admin', 'support', 'settings'] as const;
const historyKey = ['admin', 'audit', 'support.settings'] as const;

const show = (value: unknown): string => {
  if (typeof value !== 'object' || value === null) return '—';
  const row = value as Record<string, unknown>;
  return ['telegram', 'support_id', 'online_base', 'chat_licence']
    .map((key) => `${key}=${row[key] === '' ? '∅' : String(row[key] ?? '')}`)
    .join(' · ');
};

/**
 * The support settings the player app reads at run time (GET /api/app/main/config): the Telegram link, the
 * support id, the online count's base and the LiveChat licence (set: the player's panel opens LiveChat's
 * window instead of the built-in chat). Owner only; every change is in the audit trail shown below.
 */
export default function SupportSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SupportConfig>();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: () => adminApi('GET /support/settings'),
  });
  const history = useQuery({
    queryKey: historyKey,
    queryFn: () => adminApi('GET /audit', { query: { action: 'support.settings', size: 20 } }),
  });
  const save = useMutation({
    mutationFn: (body: SupportConfig) => adminApi('POST /support/settings', { body }),
    onSuccess: (saved) => {
      message.success(t('app.saved'));
      queryClient.setQueryData(settingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: historyKey });
    },
    onError: (error) => message.error(problemText(error)),
  });

  return (
    <>
      <PageTitle title={t('menu.supportSettings')} hint={t('supportSettings.hint')} />
      <Card loading={settings.isPending} style={{ maxWidth: 720, marginBottom: 16 }}>
        {settings.data ? (
          <Form<SupportConfig>
            form={form}
            layout="vertical"
            initialValues={settings.data}
            onFinish={(values) =>
              save.mutate({
                telegram: (values.telegram ?? '').trim(),
                supportId: (values.supportId ?? '').trim(),
                onlineBase: values.onlineBase ?? 0,
                chatLicence: (values.chatLicence ?? '').trim(),
              })
            }
          >
            <Form.Item
              name="telegram"
              label={t('supportSettings.telegram')}
              extra={t('supportSettings.telegramHint')}
              rules={[{ pattern: /^(|https:\/\/\S+)$/, message: t('supportSettings.telegramInvalid') }]}
            >
              <Input maxLength={200} placeholder="https://t.me/..." />
            </Form.Item>
            <Form.Item name="supportId" label={t('supportSettings.supportId')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="onlineBase"
              label={t('supportSettings.onlineBase')}
              extra={t('supportSettings.onlineBaseHint')}
            >
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="chatLicence"
              label={t('supportSettings.chatLicence')}
              extra={t('supportSettings.chatLicenceHint')}
              rules={[{ pattern: /^[0-9]{0,12}$/, message: t('supportSettings.chatLicenceInvalid') }]}
            >
              <Input maxLength={12} inputMode="numeric" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('app.save')}
            </Button>
          </Form>
        ) : null}
      </Card>
      <Card title={t('supportSettings.history')}>
        <Table<AuditEntry>
          rowKey="id"
          size="small"
          loading={history.isPending}
          dataSource={history.data?.records ?? []}
          pagination={false}
          columns={[
            { title: t('app.time'), dataIndex: 'time', width: 190, render: dateTime },
            { title: t('audit.operator'), dataIndex: 'operator', width: 160 },
            {
              title: t('audit.before'),
              dataIndex: 'before',
              render: (value: unknown) => <Typography.Text type="secondary">{show(value)}</Typography.Text>,
            },
            { title: t('audit.after'), dataIndex: 'after', render: show },
          ]}
        />
      </Card>
    </>
  );
}
