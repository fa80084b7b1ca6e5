import { LogoutOutlined, TranslationOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Layout, Menu, Space, Spin, Typography, theme } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { clearToken, readToken } from '../api/token.ts';
import { adminApi } from '../api/typed.ts';
import { MenuLabelWithCount, useSupportUnread } from '../pages/support/SupportMenuBadge.tsx';
import { type AdminLanguage, applyLanguage, LANGUAGES } from './i18n.ts';
import { PAGES } from './pages.tsx';
import { allowed, useMe } from './session.ts';

/** The product's mark and name at the top of the menu. */
function Brand({ name, color }: { name: string; color: string }) {
  return (
    <div
      style={{
        height: 56,
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        padding: '0 20px',
        color: '#fff',
        fontWeight: 600,
        fontSize: 16,
        letterSpacing: 0.3,
      }}
    >
      <span style={{ color, fontSize: 20 }}>◆</span>
      <span>{name}</span>
    </div>
  );
}

/** The signed-in frame: the menu shows only the pages the operator's roles open. */
export function AdminLayout() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const me = useMe();
  const { token } = theme.useToken();
  const supportUnread = useSupportUnread(allowed(me.data, ['support']));

  if (!readToken()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (me.isPending) return <Spin fullscreen />;
  if (me.isError || !me.data) return <Navigate to="/login" replace />;
  // An operator who must enrol the second factor does nothing else first.
  if (me.data.totpRequired && !me.data.totpEnabled && location.pathname !== '/security')
    return <Navigate to="/security" replace />;

  const visible = PAGES.filter((page) => !page.hidden && allowed(me.data, page.roles));
  const selected = PAGES.filter((page) => {
    // Exact segment: /support-canned is not inside /support.
    const base = `/${page.path.split('/')[0]}`;
    return location.pathname === base || location.pathname.startsWith(`${base}/`);
  }).map((page) => page.path.split('/')[0] as string);

  const signOut = async () => {
    await adminApi('POST /auth/logout').catch(() => undefined);
    clearToken();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* A new page opens at its top; back and forward return to where the operator was. */}
      <ScrollRestoration />
      {/* The menu keeps its width and stays in view however wide or long the page is. */}
      <Layout.Sider
        width={232}
        theme="dark"
        breakpoint="lg"
        collapsedWidth={64}
        style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto', flexShrink: 0 }}
      >
        <Brand name={t('app.name')} color={token.colorPrimary} />
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected}
          items={visible.map((page) => ({
            key: page.path,
            icon: page.icon,
            label:
              page.path === 'support' ? (
                <MenuLabelWithCount label={t(page.title)} count={supportUnread} />
              ) : (
                t(page.title)
              ),
          }))}
          onClick={({ key }) => navigate(`/${key}`)}
        />
      </Layout.Sider>
      {/* minWidth 0: a wide table scrolls inside its card instead of widening the page past the menu. */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            height: 56,
          }}
        >
          <Space size="middle">
            <Dropdown
              menu={{
                selectedKeys: [i18n.language],
                items: LANGUAGES.map((lang) => ({ key: lang, label: t(`language.${lang}`) })),
                onClick: ({ key }) => applyLanguage(key as AdminLanguage),
              }}
            >
              <Button type="text" icon={<TranslationOutlined />}>
                {t(`language.${i18n.language}`)}
              </Button>
            </Dropdown>
            <Space>
              <UserOutlined />
              <Typography.Text strong data-testid="operator-name">
                {me.data.username}
              </Typography.Text>
              <Typography.Text type="secondary">
                {me.data.roles.map((role) => t(`role.${role}`)).join(', ')}
              </Typography.Text>
            </Space>
            <Button icon={<LogoutOutlined />} onClick={signOut}>
              {t('app.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
