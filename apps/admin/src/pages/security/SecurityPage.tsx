import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TotpConfirmBody } from '@aposta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Result, Row, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { meKey, useMe } from '../../app/session.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';

/** TOTP enrolment: the server makes a secret, the operator scans its otpauth QR and confirms one code. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const enrol = useMutation({
    mutationFn: () => adminApi('POST /auth/totp/enrol'),
    onError: (error) => message.error(problemText(error)),
  });
  const confirm = useMutation({
    mutationFn: (body: TotpConfirmBody) => adminApi('POST /auth/totp/confirm', { body }),
    onSuccess: async () => {
      message.success(t('security.enabled'));
      await queryClient.invalidateQueries({ queryKey: meKey });
      enrol.reset();
    },
  });
  const enabled = me.data?.totpEnabled ?? false;

  return (
    <>
      <PageTitle title={t('menu.security')} hint={t('security.hint')} />
      {me.data?.totpRequired && !enabled && (
        <Alert type="warning" showIcon message={t('security.required')} style={{ marginBottom: 16 }} />
      )}
      <Card>
        {enabled ? (
          <Result
            status="success"
            icon={<SafetyCertificateOutlined />}
            title={t('security.isOn')}
            subTitle={t('security.isOnHint')}
            extra={
              <Button type="primary" onClick={() => navigate('/')}>
                {t('app.home')}
              </Button>
            }
          />
        ) : (
          <Row gutter={32}>
            <Col span={10}>
              <Steps
                direction="vertical"
                current={enrol.data ? 1 : 0}
                items={[
                  { title: t('security.step1'), description: t('security.step1Hint') },
                  { title: t('security.step2'), description: t('security.step2Hint') },
                  { title: t('security.step3'), description: t('security.step3Hint') },
                ]}
              />
              {!enrol.data && (
                <Button type="primary" onClick={() => enrol.mutate()} loading={enrol.isPending}>
                  {t('security.start')}
                </Button>
              )}
            </Col>
            <Col span={14}>
              {enrol.data && (
                <div data-testid="totp-enrol">
                  <img
                    src={enrol.data.qr}
                    alt={t('security.qrAlt')}
                    width={220}
                    height={220}
                    style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 8, background: '#fff' }}
                  />
                  <Typography.Paragraph style={{ marginTop: 12 }}>
                    {t('security.secret')}{' '}
                    <Typography.Text code copyable>
                      {enrol.data.secret}
                    </Typography.Text>
                  </Typography.Paragraph>
                  <Form<TotpConfirmBody> layout="inline" onFinish={(values) => confirm.mutate(values)}>
                    <Form.Item
                      name="code"
                      rules={[
                        { required: true, message: t('validation.required') },
                        { pattern: /^[0-9]{6}$/, message: t('validation.totp') },
                      ]}
                    >
                      <Input
                        placeholder="123456"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={6}
                        style={{ width: 160 }}
                      />
                    </Form.Item>
                    <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                      {t('security.confirm')}
                    </Button>
                  </Form>
                  {confirm.isError && (
                    <Alert
                      type="error"
                      showIcon
                      message={problemText(confirm.error)}
                      style={{ marginTop: 12 }}
                    />
                  )}
                </div>
              )}
            </Col>
          </Row>
        )}
      </Card>
    </>
  );
}
