import { anonymousName, anonymousPhone } from '@baobei/shared/rules/retention';
import type { Executor } from '../../db/client';
import type { CustomerAnonymiseRepository } from '../customer/customer-anonymise-repository';
import type { MessageAnonymiseRepository } from '../message/message-anonymise-repository';
import type { RecordAnonymiseRepository } from '../record/record-anonymise-repository';
import type { UploadService } from '../upload/upload-service';
import type { PiiAccessAnonymiser } from './pii-access-module';

/** What one anonymisation changed, by source; `pictures` counts the files deleted. */
export interface AnonymisedCounts {
  reports: number;
  customers: number;
  messages: number;
  pictures: number;
}

export const NO_COUNTS: AnonymisedCounts = { reports: 0, customers: 0, messages: 0, pictures: 0 };

export const addCounts = (a: AnonymisedCounts, b: AnonymisedCounts): AnonymisedCounts => ({
  reports: a.reports + b.reports,
  customers: a.customers + b.customers,
  messages: a.messages + b.messages,
  pictures: a.pictures + b.pictures,
});

/** The owners' narrowed parts the engine writes through (each module writes its own tables). */
export interface AnonymiserDeps {
  records: Pick<RecordAnonymiseRepository, 'toAnonymise' | 'anonymise' | 'removePictures' | 'picturesInUse'>;
  customers: Pick<CustomerAnonymiseRepository, 'anonymise' | 'picturesInUse'>;
  messages: Pick<MessageAnonymiseRepository, 'anonymise'>;
  uploads: Pick<UploadService, 'removePictures'>;
  /** The access log's rows of those reports and customers are unlinked from the number (decision 095). */
  accessLog: Pick<PiiAccessAnonymiser, 'unlink'>;
}

/**
 * The one anonymisation engine of 数据保留 and 个人信息请求 (docs/decisions/093): given reports or
 * customers of one company, in the caller's transaction, it replaces names with 客户X and phones
 * with their masked forms (the reports, their dynamics and messages, the customer book), deletes
 * the pictures (rows and files) and leaves every counted column alone, so no tally moves.
 */
export function createAnonymiser(deps: AnonymiserDeps) {
  /**
   * Deletes the pictures no report or customer outside those being anonymised still shows: a
   * customer's proof is taken by each of its reports, and one closed report must not take it from
   * an open one. Stored as '/uploads/<key>' on both sides, so the URLs compare as written.
   */
  async function removeUnused(tx: Executor, companyId: number, urls: string[], except: { reports: number[]; customers: number[] }): Promise<number> {
    const unique = [...new Set(urls)];
    if (unique.length === 0) return 0;
    const [byReports, byCustomers] = [
      await deps.records.picturesInUse(tx, companyId, unique, except.reports),
      await deps.customers.picturesInUse(tx, companyId, unique, except.customers),
    ];
    return deps.uploads.removePictures(tx, companyId, unique.filter((u) => !byReports.has(u) && !byCustomers.has(u)));
  }

  async function reports(tx: Executor, companyId: number, ids: number[], now: Date): Promise<AnonymisedCounts> {
    const rows = await deps.records.toAnonymise(tx, companyId, ids);
    if (rows.length === 0) return NO_COUNTS;
    const messages = await deps.messages.anonymise(
      tx,
      companyId,
      rows.map((r) => ({ recordId: r.id, name: r.name, phone: r.phone, anonName: anonymousName({ customerId: r.customerId, recordId: r.id }), anonPhone: anonymousPhone(r.phone) })),
    );
    const pictures = await removeUnused(tx, companyId, rows.flatMap((r) => r.pictures), { reports: rows.map((r) => r.id), customers: [] });
    await deps.records.anonymise(tx, rows, now);
    await deps.accessLog.unlink(tx, companyId, { recordIds: rows.map((r) => r.id) });
    return { reports: rows.length, customers: 0, messages, pictures };
  }

  async function customers(tx: Executor, companyId: number, ids: number[], now: Date): Promise<AnonymisedCounts> {
    const done = await deps.customers.anonymise(tx, companyId, ids, now);
    const pictures = await removeUnused(tx, companyId, done.pictures, { reports: [], customers: ids });
    if (done.customers > 0) await deps.accessLog.unlink(tx, companyId, { customerIds: ids });
    return { ...NO_COUNTS, customers: done.customers, pictures };
  }

  /** The pictures only (数据保留's earlier stage): the reports keep their customer. */
  async function reportPictures(tx: Executor, companyId: number, ids: number[], now: Date): Promise<AnonymisedCounts> {
    const rows = await deps.records.toAnonymise(tx, companyId, ids);
    if (rows.length === 0) return NO_COUNTS;
    const pictures = await removeUnused(tx, companyId, rows.flatMap((r) => r.pictures), { reports: rows.map((r) => r.id), customers: [] });
    await deps.records.removePictures(tx, rows.map((r) => r.id), now);
    return { ...NO_COUNTS, pictures };
  }

  return { reports, customers, reportPictures };
}

export type Anonymiser = ReturnType<typeof createAnonymiser>;
