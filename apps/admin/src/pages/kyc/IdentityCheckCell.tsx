import { CameraOutlined, CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { KycRecord } from '@aposta/contract';
import { Button, Image, Modal, Progress, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';

type Check = NonNullable<KycRecord['check']>;

/** A yes/no of the provider's answer: green tick or red cross, with its words. */
function Verdict({ ok, label }: { ok: boolean | null; label: string }) {
  const icon =
    ok === null ? null : ok ? (
      <CheckCircleFilled style={{ color: '#52c41a' }} />
    ) : (
      <CloseCircleFilled style={{ color: '#ff4d4f' }} />
    );
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {icon} {label}
    </span>
  );
}

/** The face similarity in percent as ten steps, green from the instant-approval bar (0.85, decision 0065). */
export function SimilarityBar({ score }: { score: number }) {
  return (
    <Progress
      percent={score}
      size="small"
      steps={10}
      strokeColor={score >= 85 ? '#52c41a' : '#ff4d4f'}
      format={(value) => `${value}%`}
    />
  );
}

/** The face comparison: the similarity as a bar (green at or above the threshold), liveness, the provider's band. */
function FaceLine({ face }: { face: NonNullable<Check['face']> }) {
  const { t } = useTranslation();
  if (!face.available) return <Tag color="orange">{t('kycPage.faceUnavailable')}</Tag>;
  const score = face.similarity === null ? null : Math.round(face.similarity * 100);
  return (
    <div data-testid="kyc-face">
      <Space size={6} wrap>
        <Verdict ok={face.live} label={t(face.live ? 'kycPage.live' : 'kycPage.notLive')} />
        {score === null ? null : (
          <span style={{ whiteSpace: 'nowrap' }}>
            {t('kycPage.similarity')} <SimilarityBar score={score} />
          </span>
        )}
      </Space>
      {face.probability ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          {face.probability}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The KYC's selfie, fetched when asked (each viewing is audited by the server). */
function SelfieButton({ uId }: { uId: number }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string>();
  const [open, setOpen] = useState(false);
  const show = async () => {
    setOpen(true);
    if (!image) setImage((await adminApi('GET /kyc/:uId/selfie', { params: { uId } })).image);
  };
  return (
    <>
      <Button size="small" icon={<CameraOutlined />} onClick={() => void show()}>
        {t('kycPage.selfie')}
      </Button>
      <Modal
        open={open}
        footer={null}
        onCancel={() => setOpen(false)}
        title={t('kycPage.selfieTitle')}
        width={420}
      >
        {image ? <Image src={image} alt={t('kycPage.selfieTitle')} width="100%" preview={false} /> : <Spin />}
        <Typography.Text type="secondary">{t('kycPage.selfieAudit')}</Typography.Text>
      </Modal>
    </>
  );
}

/**
 * What the identity provider answered for this KYC (decision 0065): the CPF's standing, name and birth date against
 * the federal records, and the selfie's liveness and similarity with the official face; the selfie itself on demand.
 */
export function IdentityCheckCell({ row }: { row: KycRecord }) {
  const { t } = useTranslation();
  const check = row.check;
  if (!check) return null;
  if (check.error)
    return <Tag color="red">{t('kycPage.providerError', { error: t(`kycPage.error.${check.error}`) })}</Tag>;
  const name = check.nameSimilarity === null ? '' : ` (${Math.round(check.nameSimilarity * 100)}%)`;
  return (
    <Space direction="vertical" size={2} data-testid="kyc-check">
      <Space size={10} wrap>
        <Verdict ok={check.cpfStatus === 'regular'} label={t(`kycPage.cpfStatus.${check.cpfStatus}`)} />
        <Verdict ok={check.nameMatch} label={`${t('kycPage.nameMatch')}${name}`} />
        {check.birthMatch === null ? null : <Verdict ok={check.birthMatch} label={t('kycPage.birthMatch')} />}
      </Space>
      {check.face ? <FaceLine face={check.face} /> : null}
      {row.selfie ? <SelfieButton uId={row.uId} /> : null}
    </Space>
  );
}
