import { ScanOutlined } from '@ant-design/icons';
import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { ReasonField } from '../../components/ReasonField.tsx';
import { useChange } from '../../components/useChange.ts';

/**
 * "Pedir nova verificação facial" (decision 0068): the operator asks the player for a new face check, with the
 * reason the audit log keeps. The player's money calls wait for it from their next call.
 */
export function FaceRecheckButton({ uId }: { uId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const ask = useChange(
    (reason: string) => adminApi('POST /players/:uId/face-recheck', { params: { uId }, body: { reason } }),
    { refresh: ['admin'], success: () => t('faceRecheck.asked'), onDone: () => setOpen(false) },
  );
  return (
    <>
      <Button icon={<ScanOutlined />} onClick={() => setOpen(true)}>
        {t('faceRecheck.ask')}
      </Button>
      <Modal
        open={open}
        title={t('faceRecheck.askTitle')}
        okText={t('faceRecheck.askSubmit')}
        cancelText={t('app.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={ask.isPending}
        destroyOnHidden
      >
        <p>{t('faceRecheck.askHint')}</p>
        <Form form={form} layout="vertical" onFinish={(values) => ask.mutate(values.reason.trim())}>
          <ReasonField max={500} />
        </Form>
      </Modal>
    </>
  );
}
