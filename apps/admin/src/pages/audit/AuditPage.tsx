import { SearchOutlined } from '@ant-design/icons';
import type { AuditEntry } from '@aposta/contract';
import { Button, Card, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime, money } from '../../app/format.ts';
import { humanise, useTargetWords, useWords, VOCABULARIES } from '../../app/vocabulary.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

/** A value as an operator reads it: codes in words, amounts in R$, yes/no, lists joined, nothing as a dash. */
function useShowValue() {
  const { t, i18n } = useTranslation();
  const word = useWords();
  const known = (key: string, fallback: string) => (i18n.exists(key) ? t(key) : fallback);
  const one = (field: string, value: unknown): string => {
    if (value === null || value === undefined) return '—';
    if (typeof value === 'boolean') return t(value ? 'app.yes' : 'app.no');
    if (Array.isArray(value)) return value.map((item) => one(field, item)).join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    const text = String(value);
    const amount = Number(text);
    // Amounts: in centavos where the field says so (the server writes them as numbers or strings), else in reais.
    if (text !== '' && Number.isFinite(amount)) {
      if (/Cents$/.test(field)) return money(amount / 100);
      if (REAIS_FIELDS.has(field)) return money(amount);
    }
    switch (field) {
      case 'status':
        return word('statusValue', text);
      case 'curreny':
        return word('currency', text);
      case 'productCode':
      case 'groupCode':
        return word('product', text);
      case 'account':
        return word('account', `player_${text}`);
      case 'risk':
        return known(`risk.${text}`, humanise(text));
      case 'roles':
        return known(`role.${text}`, humanise(text));
      case 'channel':
        return t(text === 'card' ? 'packages.channelCard' : 'packages.channelPix');
      case 'lx':
        return t(text === '20' ? 'player.lxUsdt' : 'player.lxPix');
      case 'testFlag':
        return t(text === '1' ? 'app.yes' : 'app.no');
      default:
        return text;
    }
  };
  return one;
}

/** Audit fields that hold reais (the API's amounts); fields ending in `Cents` hold centavos. */
const REAIS_FIELDS = new Set([
  'amount',
  'price',
  'gift',
  'betMin',
  'betMax',
  'payoutMax',
  'threshold',
  'balance',
  'bonus',
]);

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** What the action changed, field by field in words: before and after side by side. */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const word = useWords();
  const show = useShowValue();
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={fields.map((field) => ({ field }))}
      columns={[
        {
          title: t('audit.field'),
          dataIndex: 'field',
          width: 240,
          render: (field: string) => word('field', field),
        },
        {
          title: t('audit.before'),
          dataIndex: 'field',
          key: 'before',
          render: (field: string) => (entry.before === null ? '—' : show(field, before[field])),
        },
        {
          title: t('audit.after'),
          dataIndex: 'field',
          key: 'after',
          render: (field: string) => (entry.after === null ? '—' : show(field, after[field])),
        },
      ]}
    />
  );
}

export default function AuditPage() {
  const { t } = useTranslation();
  const word = useWords();
  const target = useTargetWords();
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
              action: values.action || undefined,
            })
          }
        >
          <Form.Item name="operator" label={t('audit.operator')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="action" label={t('audit.action')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 300 }}
              placeholder={t('app.all')}
              options={VOCABULARIES.auditAction.map((code) => ({
                value: code,
                label: word('auditAction', code),
              }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('app.search')}
            </Button>
          </Form.Item>
        </Form>
        <PagedTable
          route="GET /audit"
          filters={filters}
          rowKey="id"
          size="small"
          expandable={{
            // A header for the expander column: every data cell of the table has one (screen readers, axe).
            columnTitle: <span style={VISUALLY_HIDDEN}>{t('audit.changes')}</span>,
            expandedRowRender: (row) => <Changes entry={row} />,
          }}
          columns={[
            { title: t('app.time'), dataIndex: 'time', width: 190, render: dateTime },
            { title: t('audit.operator'), dataIndex: 'operator', width: 140 },
            {
              title: t('audit.action'),
              dataIndex: 'action',
              render: (action: string) => <Tag color="blue">{word('auditAction', action)}</Tag>,
            },
            { title: t('audit.target'), dataIndex: 'target', render: target },
            { title: t('audit.ip'), dataIndex: 'ip', width: 140 },
          ]}
        />
      </Card>
    </>
  );
}
