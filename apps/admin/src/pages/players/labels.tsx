import type { PlayerRecord } from '@aposta/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function PlayerStatusTag({ status }: { status: PlayerRecord['status'] }) {
  const { t } = useTranslation();
  const color = status === 'active' ? 'green' : status === 'blocked' ? 'red' : 'orange';
  return <Tag color={color}>{t(`player.status.${status}`)}</Tag>;
}

export function KycTag({ kyc }: { kyc: string }) {
  const { t } = useTranslation();
  const color =
    kyc === 'approved' ? 'green' : kyc === 'pending' ? 'gold' : kyc === 'rejected' ? 'red' : 'default';
  return <Tag color={color}>{t(`kyc.status.${kyc}`)}</Tag>;
}

/** `lx` 20 marks an account that withdraws in USDT; `testFlag` 1 a test account left out of reports. */
export function FlagTags({ lx, testFlag }: { lx: string; testFlag: string }) {
  const { t } = useTranslation();
  return (
    <>
      {lx === '20' && <Tag color="purple">{t('player.usdt')}</Tag>}
      {testFlag === '1' && <Tag color="cyan">{t('player.test')}</Tag>}
    </>
  );
}
