import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { errorMessage } from '../lib/api-error';
import { messages } from '@baobei/shared/messages';
import { adminConsoleMessages as texts } from '@baobei/shared/messages/admin';

/** A page that failed to load or render: what happened and a reload. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Result
      status="error"
      title={texts.pageFailed}
      subTitle={errorMessage(error, messages.common.requestException)}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {texts.retry}
        </Button>
      }
    />
  );
}
