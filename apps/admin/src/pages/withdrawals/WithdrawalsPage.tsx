import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { WithdrawalRecord, WithdrawalRejectBody, WithdrawalReviewStatus } from '@aposta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Modal, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ReasonField } from '../../components/ReasonField.tsx';
import { StatusFilter } from '../../components/StatusFilter.tsx';
import { ClockTag, PayoutClockNotice, useTicking } from './PayoutClock.tsx';

const STATUSES: WithdrawalReviewStatus[] = ['review', 'paying', 'paid', 'rejected'];
const STATUS_COLOR: Record<WithdrawalReviewStatus, string> = {
  review: 'gold',
  paying: 'blue',
  paid: 'green',
  rejected: 'red',
};

function RejectDialog({ record, onClose }: { record: WithdrawalRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<WithdrawalRejectBody>();
  const reject = useMutation({
    mutationFn: (body: WithdrawalRejectBody) =>
      adminApi('POST /withdrawals/:orderId/reject', { params: { orderId: record!.orderId }, body }),
    onSuccess: () => {
      message.success(t('withdrawals.rejected'));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    },
    onError: (error) => message.error(problemText(error)),
  });
  return (
    <Modal
      open={record !== null}
      title={t('withdrawals.rejectTitle', { orderId: record?.orderId, amount: money(record?.amount) })}
      okText={t('withdrawals.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('app.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={reject.isPending}
      destroyOnHidden
    >
      <p>{t('withdrawals.rejectHint')}</p>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => reject.mutate({ reason: values.reason.trim() })}
      >
        <ReasonField max={200} autoFocus />
      </Form>
    </Modal>
  );
}

const netAmount = (amount: number, row: { tax?: number; gross?: number }) => (
  <NetAmount amount={amount} row={row} />
);

/** The net paid; a withdrawal that withheld the winnings tax names it and what was asked (decision 0057). */
function NetAmount({ amount, row }: { amount: number; row: { tax?: number; gross?: number } }) {
  const { t } = useTranslation();
  if (!row.tax) return <>{money(amount)}</>;
  return (
    <>
      {money(amount)}
      <br />
      <small>{t('withdrawals.taxWithheld', { tax: money(row.tax), gross: money(row.gross) })}</small>
    </>
  );
}

export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<WithdrawalReviewStatus>('review');
  const [rejecting, setRejecting] = useState<WithdrawalRecord | null>(null);
  const now = useTicking();
  const approve = useMutation({
    mutationFn: (orderId: number) => adminApi('POST /withdrawals/:orderId/approve', { params: { orderId } }),
    onSuccess: () => {
      message.success(t('withdrawals.approved'));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => message.error(problemText(error)),
  });

  return (
    <>
      <PageTitle title={t('menu.withdrawals')} hint={t('withdrawals.hint')} />
      <PayoutClockNotice />
      <Card>
        <StatusFilter
          statuses={STATUSES}
          value={status}
          onChange={setStatus}
          label={(value) => t(`withdrawals.status.${value}`)}
        />
        <PagedTable
          route="GET /withdrawals"
          filters={{ status }}
          rowKey="orderId"
          size="middle"
          columns={[
            { title: t('order.orderId'), dataIndex: 'orderId', width: 100 },
            {
              title: t('player.username'),
              dataIndex: 'username',
              render: (username: string, row) => <Link to={`/players/${row.uId}`}>{username}</Link>,
            },
            { title: t('order.amount'), dataIndex: 'amount', align: 'right', render: netAmount },
            {
              title: t('withdrawals.destination'),
              render: (_, row) => (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {row.payCardBank} · {row.payCardNo}
                  {row.name && (
                    <>
                      <br />
                      <small>{row.name}</small>
                    </>
                  )}
                </span>
              ),
            },
            {
              title: t('withdrawals.risk'),
              dataIndex: 'risk',
              render: (risk: string[]) =>
                risk.length === 0
                  ? '—'
                  : risk.map((reason) => (
                      <Tag color="volcano" key={reason} style={{ marginBottom: 4 }}>
                        {t(`risk.${reason}`, { defaultValue: reason })}
                      </Tag>
                    )),
            },
            {
              title: t('app.status'),
              dataIndex: 'status',
              render: (value: WithdrawalReviewStatus, row) => (
                <>
                  <Tag color={STATUS_COLOR[value]}>{t(`withdrawals.status.${value}`)}</Tag>
                  {row.reason && <div style={{ fontSize: 12, color: '#8c8c8c' }}>{row.reason}</div>}
                  {row.reviewedBy && <div style={{ fontSize: 12, color: '#8c8c8c' }}>{row.reviewedBy}</div>}
                </>
              ),
            },
            {
              // The request time and, below it, the 120-minute payout clock (decision 0052).
              title: `${t('app.time')} · ${t('payoutClock.column')}`,
              dataIndex: 'time',
              render: (time: number, row) => (
                <>
                  <div style={{ whiteSpace: 'nowrap' }}>{dateTime(time)}</div>
                  <ClockTag row={row} now={now} />
                </>
              ),
            },
            {
              title: t('app.actions'),
              key: 'actions',
              width: 220,
              render: (_, row) =>
                row.status === 'review' ? (
                  <Space>
                    <Popconfirm
                      title={t('withdrawals.approveConfirm', { amount: money(row.amount) })}
                      okText={t('app.yes')}
                      cancelText={t('app.no')}
                      onConfirm={() => approve.mutate(row.orderId)}
                    >
                      <Button type="primary" size="small" icon={<CheckOutlined />}>
                        {t('withdrawals.approve')}
                      </Button>
                    </Popconfirm>
                    <Button danger size="small" icon={<CloseOutlined />} onClick={() => setRejecting(row)}>
                      {t('withdrawals.reject')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      </Card>
      <RejectDialog record={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
