import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { FaceRecheckRecord, FaceRecheckReviewBody } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { dateTime } from '../../app/format.ts';
import { ReasonField } from '../../components/ReasonField.tsx';
import { useChange } from '../../components/useChange.ts';
import { SimilarityBar } from './IdentityCheckCell.tsx';

const STATUS_COLOR: Record<FaceRecheckRecord['status'], string> = {
  due: 'blue',
  passed: 'green',
  failed: 'red',
  cleared: 'cyan',
  refused: 'volcano',
};

/** The attempt's answer: liveness and the similarity bar, then the flags of a failure. */
function ResultCell({ row }: { row: FaceRecheckRecord }) {
  const { t } = useTranslation();
  const face = (row.check?.face ?? null) as { live: boolean | null; similarity: number | null } | null;
  const score = face?.similarity == null ? null : Math.round(face.similarity * 100);
  return (
    <Space direction="vertical" size={2}>
      {face ? (
        <Space size={6} wrap>
          <span>{t(face.live ? 'kycPage.live' : 'kycPage.notLive')}</span>
          {score === null ? null : <SimilarityBar score={score} />}
        </Space>
      ) : row.attempts === 0 ? (
        <Typography.Text type="secondary">{t('faceRecheck.waiting')}</Typography.Text>
      ) : null}
      <div>
        {row.flags.map((flag) => (
          <Tag key={flag} color="orange">
            {t(`kycPage.flag.${flag}`, { defaultValue: flag })}
          </Tag>
        ))}
      </div>
    </Space>
  );
}

/** Why it was asked: the rule, or the operator and the reason they gave. */
function ReasonCell({ row }: { row: FaceRecheckRecord }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag>{t(`faceRecheck.reason.${row.reason}`)}</Tag>
      {row.requestedBy ? (
        <div style={{ fontSize: 12, color: '#8c8c8c' }}>
          {row.requestedBy}: {row.requestNote}
        </div>
      ) : null}
    </>
  );
}

function useColumns(onReview: (row: FaceRecheckRecord, decision: FaceRecheckReviewBody['decision']) => void) {
  const { t } = useTranslation();
  return [
    {
      title: t('player.username'),
      dataIndex: 'username',
      render: (username: string, row: FaceRecheckRecord) => (
        <Link to={`/players/${row.uId}`}>{`${username} · ${row.uId}`}</Link>
      ),
    },
    { title: t('kycPage.name'), dataIndex: 'name' },
    {
      title: t('faceRecheck.why'),
      key: 'reason',
      render: (_: unknown, row: FaceRecheckRecord) => <ReasonCell row={row} />,
    },
    {
      title: t('app.status'),
      dataIndex: 'status',
      render: (status: FaceRecheckRecord['status'], row: FaceRecheckRecord) => (
        <>
          <Tag color={STATUS_COLOR[status]}>{t(`faceRecheck.status.${status}`)}</Tag>
          <div style={{ fontSize: 12, color: '#8c8c8c' }}>
            {t('faceRecheck.attempts', { count: row.attempts })}
          </div>
        </>
      ),
    },
    {
      title: t('faceRecheck.result'),
      key: 'result',
      width: 260,
      render: (_: unknown, row: FaceRecheckRecord) => <ResultCell row={row} />,
    },
    {
      title: t('faceRecheck.when'),
      dataIndex: 'attemptedAt',
      render: (value: number | null, row: FaceRecheckRecord) => dateTime(value ?? row.createdAt),
    },
    {
      title: t('app.actions'),
      key: 'actions',
      width: 220,
      render: (_: unknown, row: FaceRecheckRecord) =>
        row.status === 'due' || row.status === 'failed' ? (
          <Space>
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              onClick={() => onReview(row, 'clear')}
            >
              {t('faceRecheck.clear')}
            </Button>
            <Button size="small" danger icon={<CloseOutlined />} onClick={() => onReview(row, 'refuse')}>
              {t('faceRecheck.refuse')}
            </Button>
          </Space>
        ) : (
          row.reviewNote && <span style={{ fontSize: 12, color: '#8c8c8c' }}>{row.reviewNote}</span>
        ),
    },
  ];
}

/**
 * The repeat face checks in the KYC queue (decision 0068): open ones (due, or failed and waiting for an operator)
 * or all, with the provider's answer; an open one is cleared or refused with a note, audited.
 */
export function FaceRechecksCard() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'open' | 'all'>('open');
  const [reviewing, setReviewing] = useState<{ row: FaceRecheckRecord; decision: 'clear' | 'refuse' }>();
  const [form] = Form.useForm<{ note: string }>();
  const list = useQuery({
    queryKey: ['admin', 'face-rechecks', filter],
    queryFn: () => adminApi('GET /kyc/face-rechecks', { query: { filter } }),
  });
  const review = useChange(
    ({ id, body }: { id: string; body: FaceRecheckReviewBody }) =>
      adminApi('POST /kyc/face-rechecks/:id', { params: { id }, body }),
    { refresh: ['admin'], onDone: () => setReviewing(undefined) },
  );
  const columns = useColumns((row, decision) => setReviewing({ row, decision }));
  return (
    <Card
      title={t('faceRecheck.title')}
      style={{ marginTop: 16 }}
      extra={
        <Segmented
          value={filter}
          onChange={(value) => setFilter(value as 'open' | 'all')}
          options={[
            { value: 'open', label: t('faceRecheck.open') },
            { value: 'all', label: t('faceRecheck.all') },
          ]}
        />
      }
    >
      <Table
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        columns={columns}
        pagination={false}
      />
      <Modal
        open={reviewing !== undefined}
        title={t(reviewing?.decision === 'refuse' ? 'faceRecheck.refuseTitle' : 'faceRecheck.clearTitle', {
          name: reviewing?.row.username,
        })}
        okText={t(reviewing?.decision === 'refuse' ? 'faceRecheck.refuse' : 'faceRecheck.clear')}
        okButtonProps={{ danger: reviewing?.decision === 'refuse' }}
        cancelText={t('app.cancel')}
        onCancel={() => setReviewing(undefined)}
        onOk={() => form.submit()}
        confirmLoading={review.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) =>
            reviewing &&
            review.mutate({
              id: reviewing.row.id,
              body: { decision: reviewing.decision, note: values.note.trim() },
            })
          }
        >
          <ReasonField name="note" label={t('faceRecheck.note')} max={500} />
        </Form>
      </Modal>
    </Card>
  );
}
