import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useChange } from '../../components/useChange.ts';

interface FactorForm {
  userId: number;
  factor: number;
}

/**
 * A player's stake factor (issue 17): it scales the most that player may stake and win on one bet (1 = the
 * house's limits, 0.5 = half, 0 = no sports betting). Audited on the server.
 */
export function StakeFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useChange(
    (values: FactorForm) =>
      adminApi('POST /sports/players/:userId/stake-factor', {
        params: { userId: values.userId },
        body: { factor: values.factor },
      }),
    {
      refresh: ['admin', '/sports/matches'],
      success: (values) => t('sports.factorSaved', { userId: values.userId, factor: values.factor }),
      onDone: onClose,
    },
  );
  const required = [{ required: true, message: t('validation.required') }];
  return (
    <FormDialog<FactorForm>
      open={open}
      title={t('sports.factorTitle')}
      saving={save.isPending}
      initialValues={{ factor: 1 }}
      onSubmit={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item name="userId" label={t('sports.factorPlayer')} rules={required}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="factor" label={t('sports.factor')} extra={t('sports.factorHint')} rules={required}>
        <InputNumber min={0} max={10} step={0.1} precision={2} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
