import { ArrowLeftOutlined, DollarOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { PlayerFlagsBody } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Popconfirm,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { allowed, useMe } from '../../app/session.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';
import { AdjustBalance } from './AdjustBalance.tsx';
import { FaceRecheckButton } from './FaceRecheckButton.tsx';
import { FlagTags, KycTag, PlayerStatusTag } from './labels.tsx';
import { PlayerRegistrationCard } from './PlayerRegistrationCard.tsx';
import { PlayerRgCard } from './PlayerRgCard.tsx';
import { PlayerTabs } from './PlayerTabs.tsx';

type PlayerDetail = Awaited<ReturnType<typeof adminApi<'GET /players/:uId'>>>;

/** The player's money at a glance: balances, what is held, and the lifetime sums. */
function PlayerFigures({ player: p }: { player: PlayerDetail }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      {(
        [
          ['player.balance', p.balance],
          ['player.freeBalance', p.freeBalance],
          ['player.holdAmount', p.holdAmount],
          ['player.paySumAmount', p.paySumAmount],
          ['player.wdSumAmount', p.wdSumAmount],
          ['player.gameSumAmount', p.gameSumAmount],
        ] as const
      ).map(([label, value]) => (
        <Col span={4} key={label}>
          <Card size="small">
            <Statistic title={t(label)} value={money(value)} data-testid={`stat-${label}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export default function PlayerDetailPage() {
  const { t } = useTranslation();
  const uId = Number(useParams().uId);
  const me = useMe();
  const [adjusting, setAdjusting] = useState(false);
  const player = useQuery({
    queryKey: ['admin', 'player', uId],
    queryFn: () => adminApi('GET /players/:uId', { params: { uId } }),
    enabled: Number.isSafeInteger(uId) && uId > 0,
  });
  const flags = useChange(
    (body: PlayerFlagsBody) => adminApi('POST /players/:uId/flags', { params: { uId }, body }),
    {
      refresh: ['admin'],
    },
  );
  const canFlag = allowed(me.data, ['risk']);
  const canAdjust = allowed(me.data, ['finance']);

  if (player.isError)
    return (
      <Result
        status="404"
        title={problemText(player.error)}
        extra={<Link to="/players">{t('players.back')}</Link>}
      />
    );
  if (!player.data) return <Skeleton active />;
  const p = player.data;
  const blocked = p.status === 'blocked';

  return (
    <>
      <PageTitle
        title={`${p.username} · ${p.uId}`}
        hint={p.name || undefined}
        extra={
          <Space>
            <Link to="/players">
              <Button icon={<ArrowLeftOutlined />}>{t('players.back')}</Button>
            </Link>
            {canAdjust && (
              <Button icon={<DollarOutlined />} onClick={() => setAdjusting(true)}>
                {t('player.adjustTitle')}
              </Button>
            )}
            {canFlag && p.kycStatus === 'approved' && <FaceRecheckButton uId={uId} />}
            {canFlag && p.status !== 'self_excluded' && (
              <Popconfirm
                title={t(blocked ? 'player.unblockConfirm' : 'player.blockConfirm')}
                okText={t('app.yes')}
                cancelText={t('app.no')}
                onConfirm={() => flags.mutate({ status: blocked ? 'active' : 'blocked' })}
              >
                <Button
                  danger={!blocked}
                  icon={blocked ? <UnlockOutlined /> : <LockOutlined />}
                  loading={flags.isPending}
                >
                  {t(blocked ? 'player.unblock' : 'player.block')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      {p.status === 'blocked' && (
        <Alert type="error" showIcon message={t('player.blockedBanner')} style={{ marginBottom: 16 }} />
      )}
      <PlayerFigures player={p} />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={3} size="small" bordered>
          <Descriptions.Item label={t('player.statusLabel')}>
            <PlayerStatusTag status={p.status} />
            <FlagTags lx={p.lx} testFlag={p.testFlag} />
          </Descriptions.Item>
          <Descriptions.Item label={t('player.level')}>{p.level}</Descriptions.Item>
          <Descriptions.Item label={t('player.kyc')}>
            <KycTag kyc={p.kycStatus} /> {p.kycName ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('player.cpf')}>{p.cpf ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('player.inviter')}>
            {p.inviter ? (
              <Link to={`/players/${p.inviter.uId}`}>{`${p.inviter.username} · ${p.inviter.uId}`}</Link>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('player.registered')}>{dateTime(p.time)}</Descriptions.Item>
          <Descriptions.Item label={t('player.lastLogin')}>{dateTime(p.lastLoginAt)}</Descriptions.Item>
          <Descriptions.Item label={t('player.lx')}>
            <Select
              size="small"
              style={{ width: 150 }}
              value={p.lx as '10' | '20'}
              disabled={!canFlag || flags.isPending}
              onChange={(lx: '10' | '20') => flags.mutate({ lx })}
              options={[
                { value: '10', label: t('player.lxPix') },
                { value: '20', label: t('player.lxUsdt') },
              ]}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('player.testFlag')}>
            <Select
              size="small"
              style={{ width: 150 }}
              value={p.testFlag as '0' | '1'}
              disabled={!canFlag || flags.isPending}
              onChange={(testFlag: '0' | '1') => flags.mutate({ testFlag })}
              options={[
                { value: '0', label: t('player.realAccount') },
                { value: '1', label: t('player.testAccount') },
              ]}
            />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <PlayerRgCard uId={uId} />
      <PlayerRegistrationCard uId={uId} />
      <Card>
        <PlayerTabs uId={uId} />
      </Card>
      {canAdjust && <AdjustBalance uId={uId} open={adjusting} onClose={() => setAdjusting(false)} />}
    </>
  );
}
