import 'antd/dist/reset.css';
import './app/i18n.ts';
import './app/contrast.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { whenSignedOut } from './api/client.ts';
import { router } from './app/router.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

whenSignedOut(() => {
  queryClient.clear();
  void router.navigate('/login', { replace: true });
});

function Root() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={i18n.language === 'en_US' ? enUS : ptBR}
      theme={{
        token: {
          colorPrimary: '#1f6feb',
          borderRadius: 6,
          // antd's greys and status texts are under 4.5:1 on white and on the page's grey (#8c8c8c is 3.36:1):
          // secondary text at 7:1, tertiary at 5.7:1, success/warning/error texts at 5:1 or more (decision 0035).
          colorTextSecondary: '#595959',
          colorTextDescription: '#595959',
          colorTextTertiary: '#666666',
          colorSuccessText: '#237804',
          colorWarningText: '#874d00',
          colorErrorText: '#a8071a',
          // Links (#1677ff, 4.1:1) and danger buttons' text (#ff4d4f, 3.3:1) in darker shades of their hue.
          colorLink: '#0958d9',
          colorError: '#cf1322',
        },
      }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
