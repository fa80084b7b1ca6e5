import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime } from '../../app/format.ts';

/**
 * The registration data of Portaria SPA/MF 1.231/2024 art. 31 (decision 0055). Personal data: the server writes
 * each read to the audit log, so it is read only when the operator asks, never on opening the player.
 */
export function PlayerRegistrationCard({ uId }: { uId: number }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const data = useQuery({
    queryKey: ['admin', 'player', uId, 'registration-data'],
    queryFn: () => adminApi('GET /players/:uId/registration-data', { params: { uId } }),
    enabled: asked,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const title = t('registrationData.title');
  if (!asked)
    return (
      <Card title={title} style={{ marginBottom: 16 }} data-testid="player-registration-data">
        <p>{t('registrationData.logged')}</p>
        <Button onClick={() => setAsked(true)}>{t('registrationData.show')}</Button>
      </Card>
    );
  if (data.isPending) return <Card title={title} loading style={{ marginBottom: 16 }} />;
  const row = data.data;
  return (
    <Card title={title} style={{ marginBottom: 16 }} data-testid="player-registration-data">
      {row ? (
        <Descriptions column={3} size="small" bordered>
          <Descriptions.Item label={t('registrationData.gender')}>
            {row.gender ? t(`registrationData.genders.${row.gender}`, { defaultValue: row.gender }) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('registrationData.address')} span={2}>
            {[row.addressLine, row.city, row.state, row.postalCode].filter(Boolean).join(', ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('registrationData.signupIp')}>{row.signupIp ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('registrationData.purpose')}>{row.purpose}</Descriptions.Item>
          <Descriptions.Item label={t('registrationData.legalBasis')}>{row.legalBasis}</Descriptions.Item>
          <Descriptions.Item label={t('registrationData.retention')}>
            {t('registrationData.years', { count: row.retentionYears })}
          </Descriptions.Item>
          <Descriptions.Item label={t('registrationData.createdAt')}>
            {dateTime(row.createdAt)}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty description={t('registrationData.none')} />
      )}
    </Card>
  );
}
