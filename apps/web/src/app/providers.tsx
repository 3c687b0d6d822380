import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

/** zh-CN for antd-mobile's own words (picker buttons, empty states); the query cache. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
