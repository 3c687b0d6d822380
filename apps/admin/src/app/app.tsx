import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES module: the CommonJS antd/locale/zh_CN reached the bundle as { default: locale }, so antd fell back to English.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { useCompany } from '../api/get-company';
import { FullPageError, FullPageLoading } from '../components/full-page-state';
import { errorMessage } from '../lib/api-error';
import { CompanyContext } from '../lib/company-context';
import { queryClient } from '../lib/query-client';
import { setCompanyId } from '../lib/session';
import { adminConsoleMessages as texts } from '@baobei/shared/messages/admin';
import { consoleTheme } from '../lib/theme';
import { router } from './router';

dayjs.locale('zh-cn');

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN}>
        <BrandedConsole />
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/**
 * The console of the page host's company (decision 001, as the mobile app): its brand colour is
 * antd's primary everywhere, its title and favicon the window's, its id the `companyId` header.
 */
function BrandedConsole() {
  const company = useCompany(window.location.hostname);
  if (company.data) setCompanyId(company.data.companyId);

  const title = company.data?.title;
  const favicon = company.data?.favicon;
  useEffect(() => {
    if (title) document.title = `${title} · ${texts.consoleName}`;
  }, [title]);
  useEffect(() => {
    if (!favicon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = favicon;
  }, [favicon]);

  if (company.isPending) return <FullPageLoading />;
  if (company.isError) {
    return (
      <FullPageError
        title={texts.companyLoadFailed}
        message={errorMessage(company.error, texts.companyLoadFailedHint)}
        onRetry={() => void company.refetch()}
      />
    );
  }
  return (
    <ConfigProvider locale={zhCN} theme={consoleTheme(company.data.color)}>
      <AntApp>
        <CompanyContext.Provider value={company.data}>
          <RouterProvider router={router} />
        </CompanyContext.Provider>
      </AntApp>
    </ConfigProvider>
  );
}
