import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createOperationMetrics } from './operation-metrics';
import { SmsSendError, withSendCount, type SmsMessage, type SmsSender } from './sms';

/** The series of `name` in the registry's page, sorted. */
async function series(registry: Registry, name: string): Promise<string[]> {
  return (await registry.metrics()).split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `)).sort();
}

const code: SmsMessage = { phone: '13800000003', companyTitle: '海口新房报备', kind: 'loginCode', params: { code: '123456' } };

describe('operation metrics (docs/decisions/097)', () => {
  it('counts each SMS by provider, kind and outcome, whatever the provider threw', async () => {
    const registry = new Registry();
    const metrics = createOperationMetrics(registry);
    const answers: (Error | null)[] = [null, new SmsSendError('aliyun', 'rateLimited', 'isv.BUSINESS_LIMIT_CONTROL', 'limit'), new Error('socket hang up'), null];
    const provider: SmsSender = {
      async send() {
        const answer = answers.shift();
        if (answer) throw answer;
      },
    };
    const sender = withSendCount(provider, 'aliyun', metrics);
    for (let i = 0; i < 4; i++) await sender.send(code).catch(() => undefined);
    expect(await series(registry, 'sms_sends_total')).toEqual([
      'sms_sends_total{provider="aliyun",kind="loginCode",outcome="rateLimited"} 1',
      'sms_sends_total{provider="aliyun",kind="loginCode",outcome="sent"} 2',
      'sms_sends_total{provider="aliyun",kind="loginCode",outcome="unavailable"} 1',
    ]);
    // The failure still reaches the caller, as it is.
    const failing = withSendCount({ send: async () => Promise.reject(new SmsSendError('aliyun', 'badNumber', 'isv.MOBILE_NUMBER_ILLEGAL', 'bad')) }, 'aliyun', metrics);
    await expect(failing.send(code)).rejects.toMatchObject({ failure: 'badNumber' });
  });

  it('reads the exports running and the queues at the scrape; a queue that cannot be read shows no depth', async () => {
    const registry = new Registry();
    const metrics = createOperationMetrics(registry);
    expect(await series(registry, 'exports_running')).toEqual(['exports_running 0']);
    let running = 2;
    metrics.readExportsRunning(() => running);
    expect(await series(registry, 'exports_running')).toEqual(['exports_running 2']);
    running = 0;
    expect(await series(registry, 'exports_running')).toEqual(['exports_running 0']);

    let depths: Map<string, number> | null = new Map([['message-delivery', 3], ['housekeeping', 0]]);
    metrics.readQueueDepth(async () => {
      if (!depths) throw new Error('database away');
      return depths;
    });
    expect(await series(registry, 'job_queue_waiting')).toEqual(['job_queue_waiting{queue="housekeeping"} 0', 'job_queue_waiting{queue="message-delivery"} 3']);
    depths = null;
    expect(await series(registry, 'job_queue_waiting')).toEqual([]);

    metrics.jobAttempt('message-delivery', 'failed', 0.2);
    expect(await series(registry, 'job_attempts_total')).toEqual(['job_attempts_total{queue="message-delivery",outcome="failed"} 1']);
  });
});
