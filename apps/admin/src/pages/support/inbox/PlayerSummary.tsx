import type { ConversationRecord } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../../api/typed.ts';
import { money } from '../../../app/format.ts';
import { KycTag } from '../../players/labels.tsx';

/** The player beside the conversation: balances, KYC, level and the last orders. */
export function PlayerSummary({ conversation }: { conversation: ConversationRecord }) {
  const { t } = useTranslation();
  const uId = conversation.uId;
  const player = useQuery({
    queryKey: ['admin', 'player', uId],
    queryFn: () => adminApi('GET /players/:uId', { params: { uId } }),
  });
  const orders = useQuery({
    queryKey: ['admin', 'player', uId, 'orders', 'chat'],
    queryFn: () => adminApi('GET /players/:uId/orders', { params: { uId }, query: { size: 5 } }),
  });
  return (
    <Card
      style={{ width: 340, flex: 'none' }}
      title={t('support.player')}
      extra={<Link to={`/players/${uId}`}>{t('support.openPlayer')}</Link>}
      loading={player.isPending}
    >
      {player.data ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('player.username')}>{player.data.username}</Descriptions.Item>
          <Descriptions.Item label={t('player.uId')}>{player.data.uId}</Descriptions.Item>
          <Descriptions.Item label={t('player.balance')}>{money(player.data.balance)}</Descriptions.Item>
          <Descriptions.Item label={t('player.freeBalance')}>
            {money(player.data.freeBalance)}
          </Descriptions.Item>
          <Descriptions.Item label={t('player.kyc')}>
            <KycTag kyc={player.data.kycStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('player.level')}>{player.data.level}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('support.lastOrders')}
      </Typography.Title>
      <Table
        rowKey="orderId"
        size="small"
        pagination={false}
        loading={orders.isPending}
        dataSource={orders.data?.records ?? []}
        columns={[
          {
            title: t('order.type'),
            dataIndex: 'type',
            render: (type: string) => t(type === '10' ? 'order.deposit' : 'order.withdrawal'),
          },
          { title: t('order.amount'), dataIndex: 'amount', render: money },
          {
            title: t('app.status'),
            dataIndex: 'status',
            render: (status: string) => t(`order.status.${status}`),
          },
        ]}
      />
    </Card>
  );
}
