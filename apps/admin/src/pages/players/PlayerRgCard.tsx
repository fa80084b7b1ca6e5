import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';

const KINDS = ['deposit', 'loss', 'stake'] as const;
const PERIODS = ['day', 'week', 'month'] as const;

/** Responsible gambling of one player (issue 15): limits in force, changes waiting, breaks, identity check. */
export function PlayerRgCard({ uId }: { uId: number }) {
  const { t } = useTranslation();
  const rg = useQuery({
    queryKey: ['admin', 'player', uId, 'rg'],
    queryFn: () => adminApi('GET /players/:uId/rg', { params: { uId } }),
  });
  if (!rg.data) return <Card loading style={{ marginBottom: 16 }} />;
  const { limits, exclusions, birthDate, kycCheck } = rg.data;
  const orNone = (value: number | null, format: (v: number) => string) =>
    value === null ? t('rg.none') : format(value);
  return (
    <Card title={t('rg.title')} style={{ marginBottom: 16 }} data-testid="player-rg">
      <Descriptions column={4} size="small" bordered>
        {KINDS.flatMap((kind) =>
          PERIODS.map((period) => (
            <Descriptions.Item key={`${kind}.${period}`} label={t(`rg.limit.${kind}.${period}`)}>
              {orNone(limits[kind][period], money)}
            </Descriptions.Item>
          )),
        )}
        <Descriptions.Item label={t('rg.sessionMinutes')}>
          {orNone(limits.sessionMinutes, (v) => t('rg.minutes', { count: v }))}
        </Descriptions.Item>
        <Descriptions.Item label={t('rg.realityCheckMinutes')}>
          {orNone(limits.realityCheckMinutes, (v) => t('rg.minutes', { count: v }))}
        </Descriptions.Item>
        <Descriptions.Item label={t('rg.birthDate')}>{birthDate ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('rg.identityCheck')}>
          {kycCheck ? (
            <>
              <Tag color={kycCheck.cpfStatus === 'regular' ? 'green' : 'red'}>
                {t('rg.cpfStatus', { status: kycCheck.cpfStatus })}
              </Tag>
              <Tag color={kycCheck.nameMatch ? 'green' : 'red'}>
                {kycCheck.nameMatch ? t('rg.nameMatch') : t('rg.nameMismatch')}
              </Tag>
              {kycCheck.pep ? <Tag color="orange">PEP</Tag> : null}
            </>
          ) : (
            '—'
          )}
        </Descriptions.Item>
      </Descriptions>
      {limits.pending.length > 0 ? (
        <p style={{ marginTop: 12 }}>
          {t('rg.pending')}:{' '}
          {limits.pending
            .map(
              (change) =>
                `${change.kind}${change.period ? `.${change.period}` : ''} → ${change.value ?? t('rg.none')} (${dateTime(change.effectiveAt)})`,
            )
            .join(' · ')}
        </p>
      ) : null}
      <Table
        style={{ marginTop: 12 }}
        size="small"
        rowKey={(row) => `${row.startsAt}`}
        pagination={false}
        dataSource={exclusions}
        locale={{ emptyText: <Empty description={t('rg.noExclusions')} /> }}
        columns={[
          {
            title: t('rg.exclusion'),
            dataIndex: 'period',
            render: (period: string) => t(`rg.period.${period}`),
          },
          { title: t('rg.from'), dataIndex: 'startsAt', render: (at: number) => dateTime(at) },
          {
            title: t('rg.until'),
            dataIndex: 'endsAt',
            render: (at: number | null) => (at === null ? t('rg.permanent') : dateTime(at)),
          },
          {
            title: t('rg.state'),
            dataIndex: 'active',
            render: (active: boolean) =>
              active ? <Tag color="red">{t('rg.active')}</Tag> : <Tag>{t('rg.ended')}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
