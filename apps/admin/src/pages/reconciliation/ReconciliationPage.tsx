import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { JournalRecord } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { useAccountWords, useReferenceWords, useWords, VOCABULARIES } from '../../app/vocabulary.ts';
import { problemText } from '../../components/errors.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

function LedgerCheck() {
  const { t } = useTranslation();
  const word = useWords();
  const check = useQuery({
    queryKey: ['admin', 'ledger-check'],
    queryFn: () => adminApi('GET /ledger/check'),
    staleTime: 0,
  });
  return (
    <Card
      title={t('recon.checkTitle')}
      style={{ marginBottom: 16 }}
      extra={
        <Button icon={<ReloadOutlined />} loading={check.isFetching} onClick={() => void check.refetch()}>
          {t('recon.runAgain')}
        </Button>
      }
    >
      {check.isError && <Alert type="error" showIcon message={problemText(check.error)} />}
      {check.data?.ok && (
        <Alert
          type="success"
          showIcon
          message={t('recon.ok')}
          description={t('recon.okHint')}
          data-testid="ledger-ok"
        />
      )}
      {check.data && !check.data.ok && (
        <>
          <Alert
            type="error"
            showIcon
            message={t('recon.differences', { count: check.data.differences.length })}
            style={{ marginBottom: 12 }}
          />
          <Table
            rowKey={(row) => `${row.kind}:${row.detail}`}
            size="small"
            pagination={false}
            dataSource={check.data.differences}
            columns={[
              {
                title: t('recon.kind'),
                dataIndex: 'kind',
                width: 220,
                render: (kind: string) => <Tag color="red">{word('reconKind', kind)}</Tag>,
              },
              { title: t('recon.detail'), dataIndex: 'detail' },
            ]}
          />
        </>
      )}
    </Card>
  );
}

interface JournalFilters {
  code?: string;
  ref?: string;
  uId?: number;
}

function Journal() {
  const { t } = useTranslation();
  const word = useWords();
  const account = useAccountWords();
  const reference = useReferenceWords();
  const [filters, setFilters] = useState<JournalFilters>({});
  return (
    <Card title={t('recon.journalTitle')}>
      <Form<JournalFilters>
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(values) =>
          setFilters({
            code: values.code || undefined,
            ref: values.ref?.trim() || undefined,
            uId: values.uId ?? undefined,
          })
        }
      >
        <Form.Item name="code" label={t('ledger.code')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 260 }}
            placeholder={t('app.all')}
            options={VOCABULARIES.ledgerCode.map((code) => ({
              value: code,
              label: word('ledgerCode', code),
            }))}
          />
        </Form.Item>
        <Form.Item name="ref" label={t('ledger.ref')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="uId" label={t('player.uId')}>
          <InputNumber min={1} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('app.search')}
          </Button>
        </Form.Item>
      </Form>
      <PagedTable
        route="GET /ledger/journal"
        filters={{ ...filters }}
        rowKey="txId"
        size="small"
        columns={[
          { title: t('ledger.txId'), dataIndex: 'txId', width: 90 },
          {
            title: t('ledger.code'),
            dataIndex: 'code',
            width: 220,
            render: (code: string) => <Tag>{word('ledgerCode', code)}</Tag>,
          },
          { title: t('ledger.ref'), dataIndex: 'ref', width: 200, ellipsis: true, render: reference },
          {
            title: t('recon.postings'),
            dataIndex: 'postings',
            render: (postings: JournalRecord['postings']) => (
              <Space direction="vertical" size={0}>
                {postings.map((posting) => (
                  <span key={`${posting.account}:${posting.uId}:${posting.amount}`}>
                    <Typography.Text>{account(posting.account)}</Typography.Text>
                    {posting.uId !== null && <Link to={`/players/${posting.uId}`}> #{posting.uId}</Link>}{' '}
                    <Typography.Text type={posting.amount < 0 ? 'danger' : 'success'}>
                      {money(posting.amount)}
                    </Typography.Text>
                  </span>
                ))}
              </Space>
            ),
          },
          { title: t('app.time'), dataIndex: 'time', width: 190, render: dateTime },
        ]}
      />
    </Card>
  );
}

export default function ReconciliationPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('menu.reconciliation')} hint={t('recon.hint')} />
      <LedgerCheck />
      <Journal />
    </>
  );
}
