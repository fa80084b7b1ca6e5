import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The reason an operator gives for an audited decision (a refusal, an adjustment, a face check asked or judged):
 * required, not blank, 3 characters up to the server's limit.
 */
export function ReasonField({
  name = 'reason',
  label,
  max,
  autoFocus,
}: {
  name?: string;
  label?: string;
  max: number;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label ?? t('app.reason')}
      rules={[
        { required: true, whitespace: true, message: t('validation.required') },
        { min: 3, max, message: t('validation.reason') },
      ]}
    >
      <Input.TextArea rows={3} maxLength={max} showCount autoFocus={autoFocus} />
    </Form.Item>
  );
}
