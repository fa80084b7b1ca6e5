import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { AdminLoginBody } from '@aposta/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { saveToken } from '../../api/token.ts';
import { adminApi } from '../../api/typed.ts';
import { type AdminLanguage, applyLanguage, LANGUAGES } from '../../app/i18n.ts';
import { meKey } from '../../app/session.ts';
import { problemText } from '../../components/errors.ts';

/**
 * Password and, once the operator has enrolled it, the 6-digit TOTP code in the same request. The server
 * answers every refusal alike (it does not say whether the password alone was right), so the code is asked
 * up front rather than after a "correct password" the server never confirms; every wrong try counts.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: AdminLoginBody) => {
    setBusy(true);
    setProblem(null);
    try {
      const totp = values.totp?.trim();
      const answer = await adminApi('POST /auth/login', {
        body: { username: values.username.trim(), password: values.password, ...(totp ? { totp } : {}) },
      });
      saveToken(answer.access_token);
      queryClient.removeQueries({ queryKey: meKey });
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #0b1426 0%, #1a2f55 100%)',
      }}
    >
      <Card style={{ width: 420 }} styles={{ body: { padding: 32 } }}>
        <div
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}
        >
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('app.name')}
          </Typography.Title>
          <Segmented
            size="small"
            value={i18n.language}
            options={LANGUAGES.map((lang) => ({ value: lang, label: t(`language.short.${lang}`) }))}
            onChange={(value) => applyLanguage(value as AdminLanguage)}
          />
        </div>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
        <Form<AdminLoginBody> layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="totp"
            label={t('login.totp')}
            extra={t('login.totpHint')}
            rules={[{ pattern: /^[0-9]{6}$/, message: t('validation.totp') }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
