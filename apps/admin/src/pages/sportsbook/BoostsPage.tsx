import type { AdminBoostView } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

type Status = 'active' | 'ended';

interface BoostForm {
  matchId?: number;
  selectionId?: number;
  boostedOdds?: number;
  stakeCap?: number;
  liabilityCap?: number;
}

/** What a selection is, in the trader's words: market, line, outcome and its odds now. */
function selectionLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  market: { type: string; period: string; line: number | null },
  selection: { outcome: string; odds: number },
) {
  const line = market.line === null ? '' : ` ${market.line}`;
  return `${t(`sports.marketType.${market.type}`, { defaultValue: market.type })}${line} (${t(
    `sports.marketPeriod.${market.period}`,
    { defaultValue: market.period },
  )}) · ${t(`sports.outcome.${selection.outcome}`, { defaultValue: selection.outcome })} @ ${selection.odds}`;
}

/** The create form: a match (live or upcoming), one of its open selections, the boosted price and both caps. */
function CreateBoost() {
  const { t } = useTranslation();
  const [form] = Form.useForm<BoostForm>();
  const matchId = Form.useWatch('matchId', form);
  const matches = useQuery({
    queryKey: ['admin', 'sports', 'boost-matches'],
    queryFn: () => adminApi('GET /sports/matches', { query: { status: 'all', page: 1, size: 100 } }),
  });
  const markets = useQuery({
    queryKey: ['admin', 'sports', 'markets', matchId],
    queryFn: () => adminApi('GET /sports/matches/:matchId/markets', { params: { matchId: matchId! } }),
    enabled: matchId !== undefined,
  });
  const create = useChange(
    (values: Required<BoostForm>) =>
      adminApi('POST /sports/boosts', {
        body: {
          selectionId: values.selectionId,
          boostedOdds: values.boostedOdds,
          stakeCap: values.stakeCap,
          liabilityCap: values.liabilityCap,
        },
      }),
    { refresh: ['admin'], success: () => t('boosts.created'), onDone: () => form.resetFields() },
  );
  const options = (markets.data ?? [])
    .filter((market) => market.status === 'open')
    .flatMap((market) =>
      market.selections.map((selection) => ({
        value: selection.selectionId,
        label: selectionLabel(t, market, selection),
      })),
    );
  return (
    <Card title={t('boosts.create')} style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => create.mutate(values as Required<BoostForm>)}
        style={{ rowGap: 12 }}
      >
        <Form.Item name="matchId" label={t('sports.match')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 280 }}
            loading={matches.isPending}
            onChange={() => form.setFieldValue('selectionId', undefined)}
            options={(matches.data?.records ?? [])
              .filter((match) => match.period >= 0 && match.period <= 5)
              .map((match) => ({ value: match.matchId, label: `${match.home} × ${match.away}` }))}
          />
        </Form.Item>
        <Form.Item name="selectionId" label={t('boosts.selection')} rules={[{ required: true }]}>
          <Select style={{ width: 340 }} options={options} disabled={matchId === undefined} />
        </Form.Item>
        <Form.Item name="boostedOdds" label={t('boosts.boostedOdds')} rules={[{ required: true }]}>
          <InputNumber min={1.01} max={1000} step={0.05} precision={2} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item
          name="stakeCap"
          label={t('boosts.stakeCap')}
          tooltip={t('boosts.stakeCapHint')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} precision={2} prefix="R$" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="liabilityCap"
          label={t('boosts.liabilityCap')}
          tooltip={t('boosts.liabilityCapHint')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} precision={2} prefix="R$" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('boosts.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/**
 * Odds boosts (decision 0063): create one on a selection with a stake cap per player and a liability cap; the list
 * shows what each took, how much of its liability is used and what it has cost (paid over the normal odds).
 */
export default function BoostsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('active');
  const end = useChange(
    (boostId: number) => adminApi('POST /sports/boosts/:boostId/end', { params: { boostId } }),
    { refresh: ['admin'], success: () => t('boosts.ended') },
  );
  return (
    <>
      <PageTitle title={t('menu.boosts')} hint={t('boosts.hint')} />
      <CreateBoost />
      <Card>
        <Segmented
          style={{ marginBottom: 16 }}
          value={status}
          onChange={(value) => setStatus(value as Status)}
          options={(['active', 'ended'] as const).map((value) => ({
            value,
            label: t(`boosts.status.${value}`),
          }))}
        />
        <PagedTable
          route="GET /sports/boosts"
          filters={{ status }}
          rowKey="boostId"
          size="middle"
          columns={[
            {
              title: t('sports.match'),
              render: (_, boost: AdminBoostView) => (
                <>
                  <Typography.Text strong>
                    {boost.home} × {boost.away}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {selectionLabel(t, boost, boost)}
                  </Typography.Text>
                </>
              ),
            },
            {
              title: t('boosts.boostedOdds'),
              render: (_, boost: AdminBoostView) => (
                <Space size={6}>
                  <Typography.Text delete type="secondary">
                    {boost.odds}
                  </Typography.Text>
                  <Tag color="gold">{boost.boostedOdds}</Tag>
                </Space>
              ),
            },
            { title: t('boosts.stakeCap'), dataIndex: 'stakeCap', align: 'right', render: money },
            {
              title: t('boosts.liabilityUsed'),
              align: 'right',
              render: (_, boost: AdminBoostView) =>
                `${money(boost.liabilityUsed)} / ${money(boost.liabilityCap)}`,
            },
            { title: t('boosts.bets'), dataIndex: 'bets', align: 'right' },
            { title: t('boosts.stakes'), dataIndex: 'stakes', align: 'right', render: money },
            {
              title: t('boosts.cost'),
              dataIndex: 'cost',
              align: 'right',
              render: (cost: number) => (
                <Typography.Text type={cost > 0 ? 'danger' : undefined}>{money(cost)}</Typography.Text>
              ),
            },
            {
              title: t('boosts.createdBy'),
              render: (_, boost: AdminBoostView) => (
                <>
                  {boost.createdBy}
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dateTime(boost.createdAt)}
                  </Typography.Text>
                </>
              ),
            },
            {
              title: t('app.actions'),
              key: 'actions',
              render: (_, boost: AdminBoostView) =>
                boost.status === 'active' ? (
                  <Popconfirm
                    title={t('boosts.endConfirm')}
                    okText={t('app.yes')}
                    cancelText={t('app.no')}
                    onConfirm={() => end.mutate(boost.boostId)}
                  >
                    <Button size="small">{t('boosts.end')}</Button>
                  </Popconfirm>
                ) : (
                  <Tag>{t('boosts.status.ended')}</Tag>
                ),
            },
          ]}
        />
      </Card>
    </>
  );
}
