import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { KycDecisionBody, KycRecord } from '@aposta/contract';
import { Button, Card, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { dateTime } from '../../app/format.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { StatusFilter } from '../../components/StatusFilter.tsx';
import { useChange } from '../../components/useChange.ts';
import { KycTag } from '../players/labels.tsx';
import { FaceRechecksCard } from './FaceRechecksCard.tsx';
import { IdentityCheckCell } from './IdentityCheckCell.tsx';

type KycStatus = KycRecord['status'];
const STATUSES: KycStatus[] = ['pending', 'approved', 'rejected'];

/** What the check found: the birth date it read and its flags. */
function CheckCell({ flags, birthDate }: { flags: string[] | undefined; birthDate: KycRecord['birthDate'] }) {
  const { t } = useTranslation();
  return (
    <>
      {birthDate ? <div>{t('kycPage.birthDate', { date: birthDate })}</div> : null}
      {(flags ?? []).map((flag) => (
        <Tag key={flag} color="orange">
          {t(`kycPage.flag.${flag}`, { defaultValue: flag })}
        </Tag>
      ))}
    </>
  );
}

/** The decision, and the reason of a refusal under it. */
function StatusCell({ status, reason }: { status: KycStatus; reason: KycRecord['reason'] }) {
  return (
    <>
      <KycTag kyc={status} />
      {reason && <div style={{ fontSize: 12, color: '#8c8c8c' }}>{reason}</div>}
    </>
  );
}

/** Approves or refuses a player's identity; `onDone` once the back office has it. */
function useKycDecision(onDone: () => void) {
  const { t } = useTranslation();
  return useChange(
    ({ uId, body }: { uId: number; body: KycDecisionBody }) =>
      adminApi('POST /kyc/:uId', { params: { uId }, body }),
    {
      refresh: ['admin'],
      success: ({ body }) => t(body.decision === 'approve' ? 'kycPage.approved' : 'kycPage.rejected'),
      onDone,
    },
  );
}

// Player and id, name and CPF, two to a cell: at 1440 px the provider's answer and both actions fit beside them.
function PlayerCell({ username, uId }: { username: string; uId: number }) {
  return (
    <>
      <Link to={`/players/${uId}`}>{username}</Link>
      <Typography.Text type="secondary"> · {uId}</Typography.Text>
    </>
  );
}

function NameCell({ name, cpf }: { name: string; cpf: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div>{name}</div>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {t('player.cpf')} {cpf}
      </Typography.Text>
    </>
  );
}

/** Approve (after a confirmation naming the player) or reject (the reason asked in a dialog), one above the other. */
function DecisionButtons({
  name,
  onApprove,
  onReject,
}: {
  name: string;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={6}>
      <Popconfirm
        title={t('kycPage.approveConfirm', { name })}
        okText={t('app.yes')}
        cancelText={t('app.no')}
        onConfirm={onApprove}
      >
        <Button type="primary" size="small" icon={<CheckOutlined />}>
          {t('kycPage.approve')}
        </Button>
      </Popconfirm>
      <Button danger size="small" icon={<CloseOutlined />} onClick={onReject}>
        {t('kycPage.reject')}
      </Button>
    </Space>
  );
}

export default function KycPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<KycStatus>('pending');
  const [rejecting, setRejecting] = useState<KycRecord | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const decide = useKycDecision(() => setRejecting(null));

  return (
    <>
      <PageTitle title={t('menu.kyc')} hint={t('kycPage.hint')} />
      <Card>
        <StatusFilter
          statuses={STATUSES}
          value={status}
          onChange={setStatus}
          label={(value) => t(`kyc.status.${value}`)}
        />
        <PagedTable
          route="GET /kyc"
          filters={{ status }}
          rowKey="uId"
          size="middle"
          columns={[
            {
              title: t('player.username'),
              dataIndex: 'username',
              render: (username: string, row) => <PlayerCell username={username} uId={row.uId} />,
            },
            {
              title: t('kycPage.name'),
              dataIndex: 'name',
              render: (name: string, row) => <NameCell name={name} cpf={row.cpf} />,
            },
            {
              title: t('kycPage.check'),
              dataIndex: 'flags',
              render: (flags: string[] | undefined, { birthDate }) => (
                <CheckCell flags={flags} birthDate={birthDate} />
              ),
            },
            {
              title: t('kycPage.provider'),
              key: 'provider',
              width: 250,
              render: (_, row) => <IdentityCheckCell row={row} />,
            },
            {
              title: t('app.status'),
              dataIndex: 'status',
              render: (value: KycStatus, row) => <StatusCell status={value} reason={row.reason} />,
            },
            { title: t('kycPage.submitted'), dataIndex: 'time', render: dateTime },
            {
              title: t('app.actions'),
              key: 'actions',
              render: (_, row) =>
                row.status === 'pending' ? (
                  <DecisionButtons
                    name={row.name}
                    onApprove={() => decide.mutate({ uId: row.uId, body: { decision: 'approve' } })}
                    onReject={() => setRejecting(row)}
                  />
                ) : null,
            },
          ]}
        />
      </Card>
      <FaceRechecksCard />
      <Modal
        open={rejecting !== null}
        title={t('kycPage.rejectTitle', { name: rejecting?.name })}
        okText={t('kycPage.reject')}
        okButtonProps={{ danger: true }}
        cancelText={t('app.cancel')}
        onCancel={() => setRejecting(null)}
        onOk={() => form.submit()}
        confirmLoading={decide.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) =>
            rejecting &&
            decide.mutate({ uId: rejecting.uId, body: { decision: 'reject', reason: values.reason.trim() } })
          }
        >
          <Form.Item
            name="reason"
            label={t('app.reason')}
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              { max: 200, message: t('validation.max', { max: 200 }) },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
