import { RouterProvider } from 'react-router';
import { CompanyLoadFailed } from '../components/company-load-failed';
import { SplashScreen } from '../components/splash-screen';
import { useCompanyStore } from '../lib/company-store';
import { Providers } from './providers';
import { router } from './router';

export function App() {
  const status = useCompanyStore((s) => s.status);
  if (status === 'loading') return <SplashScreen />;
  if (status === 'failed') return <CompanyLoadFailed />;
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
