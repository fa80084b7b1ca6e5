import { SearchOutlined } from '@ant-design/icons';
import type { AuditEntry } from '@aposta/contract';
import { Button, Card, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../app/format.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

const Json = ({ value }: { value: unknown }) =>
  value === null || value === undefined ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(value, null, 1)}
    </pre>
  );

export default function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ operator?: string; action?: string }>({});
  return (
    <>
      <PageTitle title={t('menu.audit')} hint={t('audit.hint')} />
      <Card>
        <Form
          layout="inline"
          style={{ marginBottom: 16 }}
          onFinish={(values: { operator?: string; action?: string }) =>
            setFilters({
              operator: values.operator?.trim() || undefined,
              action: values.action?.trim() || undefined,
            })
          }
        >
          <Form.Item name="operator" label={t('audit.operator')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="action"
            label={t('audit.action')}
            rules={[{ pattern: /^[a-z0-9_.]*$/, message: t('validation.action') }]}
          >
            <Input allowClear style={{ width: 220 }} placeholder="withdrawal.reject" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('app.search')}
            </Button>
          </Form.Item>
        </Form>
        <PagedTable<AuditEntry>
          path="/audit"
          filters={filters}
          rowKey="id"
          size="small"
          expandable={{
            expandedRowRender: (row) => (
              <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
                <div>
                  <Typography.Text strong>{t('audit.before')}</Typography.Text>
                  <Json value={row.before} />
                </div>
                <div>
                  <Typography.Text strong>{t('audit.after')}</Typography.Text>
                  <Json value={row.after} />
                </div>
              </div>
            ),
          }}
          columns={[
            { title: t('app.time'), dataIndex: 'time', width: 190, render: dateTime },
            { title: t('audit.operator'), dataIndex: 'operator', width: 140 },
            {
              title: t('audit.action'),
              dataIndex: 'action',
              render: (action: string) => <Tag color="blue">{action}</Tag>,
            },
            { title: t('audit.target'), dataIndex: 'target' },
            { title: t('audit.ip'), dataIndex: 'ip', width: 140 },
          ]}
        />
      </Card>
    </>
  );
}
