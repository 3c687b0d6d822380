import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PATHS } from '../lib/navigation';
import { adminConsoleMessages as texts } from '@baobei/shared/messages/admin';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={texts.pageNotFound}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.overview)}>
          {texts.backHome}
        </Button>
      }
    />
  );
}
