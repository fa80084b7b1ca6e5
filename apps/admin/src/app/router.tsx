import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, useNavigate } from 'react-router';
import LoginPage from '../pages/login/LoginPage.tsx';
import { AdminLayout } from './AdminLayout.tsx';
import { type AdminPage, PAGES } from './pages.tsx';
import { allowed, useMe } from './session.ts';

function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('app.forbidden')}
      extra={<Button onClick={() => navigate('/')}>{t('app.home')}</Button>}
    />
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('app.notFound')}
      extra={<Button onClick={() => navigate('/')}>{t('app.home')}</Button>}
    />
  );
}

function Guarded({ page }: { page: AdminPage }): ReactNode {
  const me = useMe();
  if (!allowed(me.data, page.roles)) return <Forbidden />;
  const Page = page.component;
  return <Page />;
}

/** The first page of the menu the operator may open. */
function Home() {
  const me = useMe();
  const first = PAGES.find((page) => !page.hidden && allowed(me.data, page.roles));
  return <Navigate to={`/${first?.path ?? 'security'}`} replace />;
}

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: <AdminLayout />,
      children: [
        { index: true, element: <Home /> },
        ...PAGES.map((page) => ({ path: page.path, element: <Guarded page={page} /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
