import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/jobs';
import type { OperationMetrics } from '../lib/operation-metrics';
import type { RateLimiter } from '../lib/rate-limiter';
import type { Readiness } from '../lib/readiness';
import type { SmsSender } from '../lib/sms';
import type { WechatClient } from '../lib/wechat';
import type { PictureSigner } from './upload/picture-signer';
import type { UploadStorage } from './upload/storage/upload-storage';

/**
 * What app.ts hands every module plugin: the database and the app-wide infrastructure. A
 * module builds its own repositories and services from these; what it needs of another
 * module it takes from that module's service, which the other module decorates the app with
 * (and names in its plugin's `dependencies`). Never another module's repository.
 */
export interface ModuleOptions {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Counters shared by every instance (Redis or PostgreSQL). */
  limiter: RateLimiter;
  /** Short-lived signed URLs of private pictures (decision 018). */
  pictures: PictureSigner;
  /** Where uploaded pictures are kept (STORAGE: disk or s3). */
  storage: UploadStorage;
  /** The folder of the demo media served at /assets/demo/ (it may be missing; app.ts). */
  demoAssets: string;
  sms: SmsSender;
  /** null when no WeChat credentials are configured. */
  wechat: WechatClient | null;
  /**
   * GET /api/ready's checks: a module with a dependency of its own registers it here, e.g.
   * `readiness.register('storage', () => bucket.head())` when object storage is configured.
   */
  readiness: Readiness;
  /** The job queue, on which a module defines its own jobs (docs/decisions/073). */
  jobs: Jobs;
  /** What a module's background or outside work reports to /metrics (docs/decisions/097). */
  metrics: OperationMetrics;
  /** The key of signed external report links. */
  externalLinkSecret: string;
  /** Lets the development-only reader see issued picture codes; production passes nothing. */
  onCaptchaIssued?: (sn: string, answer: string) => void;
}
