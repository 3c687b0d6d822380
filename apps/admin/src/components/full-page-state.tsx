import { Button, Flex, Result, Spin } from 'antd';
import { texts } from '../lib/texts';

/** The whole window while the company or the session loads. */
export function FullPageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" tip={texts.loading}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </Flex>
  );
}

/** A start-up call that failed: its message and a retry. */
export function FullPageError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="error"
        title={title}
        subTitle={message}
        extra={
          <Button type="primary" onClick={onRetry}>
            {texts.retry}
          </Button>
        }
      />
    </Flex>
  );
}
