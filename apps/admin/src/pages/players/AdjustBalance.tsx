import type { AdjustBody } from '@aposta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../api/client.ts';
import { adminApi } from '../../api/typed.ts';
import { money } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { ReasonField } from '../../components/ReasonField.tsx';

/** Signed reais with at most 2 decimals, not zero (api-contract section 1: never rounded silently). */
export const SIGNED_AMOUNT = /^-?(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/;

/** A manual credit or debit of a player's cash or bonus, with the reason the audit log keeps. */
export function AdjustBalance({ uId, open, onClose }: { uId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AdjustBody>();
  // One key per opened form: a double click or a retry after a timeout adjusts once.
  const key = useRef(newIdempotencyKey());
  const adjust = useMutation({
    mutationFn: (body: AdjustBody) =>
      adminApi('POST /players/:uId/adjust', { params: { uId }, body, idempotencyKey: key.current }),
    onSuccess: (answer) => {
      message.success(
        t('player.adjusted', { balance: money(answer.balance), bonus: money(answer.freeBalance) }),
      );
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      key.current = newIdempotencyKey();
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('player.adjustTitle')}
      okText={t('player.adjustSubmit')}
      cancelText={t('app.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={adjust.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ account: 'cash' }}
        onFinish={(values) => adjust.mutate({ ...values, amount: String(values.amount).trim() })}
      >
        <Form.Item name="account" label={t('player.adjustAccount')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'cash', label: t('player.balance') },
              { value: 'bonus', label: t('player.freeBalance') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('player.adjustAmount')}
          extra={t('player.adjustAmountHint')}
          rules={[
            { required: true, message: t('validation.required') },
            {
              validator: async (_, value) => {
                const text = String(value ?? '').trim();
                if (!SIGNED_AMOUNT.test(text) || Number(text) === 0)
                  throw new Error(t('validation.signedAmount'));
              },
            },
          ]}
        >
          <Input prefix="R$" inputMode="decimal" placeholder="-12.50" />
        </Form.Item>
        <ReasonField max={200} />
      </Form>
      {adjust.isError && <div style={{ color: '#cf1322' }}>{problemText(adjust.error)}</div>}
    </Modal>
  );
}
