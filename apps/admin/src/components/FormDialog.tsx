import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormDialogProps<T> {
  open: boolean;
  title: ReactNode;
  width?: number;
  saving: boolean;
  initialValues: Partial<T>;
  onSubmit: (values: T) => void;
  onClose: () => void;
  /** The form's items. */
  children: ReactNode;
}

/** The create/edit modal of a back-office list: a vertical form, Save submits it, the form is reset on close. */
export function FormDialog<T extends object>(props: FormDialogProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<T>();
  return (
    <Modal
      open={props.open}
      width={props.width}
      title={props.title}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      confirmLoading={props.saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={props.initialValues} onFinish={props.onSubmit}>
        {props.children}
      </Form>
    </Modal>
  );
}
