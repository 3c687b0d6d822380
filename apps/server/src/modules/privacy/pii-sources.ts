import type { PiiRow, PiiSource } from '@baobei/shared/schemas/admin-privacy';
import { adminPrivacyMessages as text_ } from '@baobei/shared/messages/admin/privacy';
import { RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type { CustomerAnonymiseRepository } from '../customer/customer-anonymise-repository';
import type { MessageAnonymiseRepository } from '../message/message-anonymise-repository';
import type { RecordAnonymiseRepository } from '../record/record-anonymise-repository';
import { routeLabel } from './pii-access-console';
import type { PiiAccessAnonymiser } from './pii-access-module';

/** What the finder found of one source: the rows as the page and the file show them, and their ids. */
export interface SourceRows {
  source: PiiSource;
  rows: PiiRow[];
}

/** What the sources found so far: a later source reads the earlier ones' ids (a report's messages). */
export interface Found {
  customerIds: number[];
  reportIds: number[];
  sources: SourceRows[];
}

/** One place that holds people's data: another (an access log) is one more entry of the list. */
export interface PiiSourceReader {
  source: PiiSource;
  read(companyId: number, phone: string, found: Found): Promise<{ rows: PiiRow[]; customerIds?: number[]; reportIds?: number[] }>;
}

export interface PiiSourceDeps {
  customers: Pick<CustomerAnonymiseRepository, 'findByPhone'>;
  records: Pick<RecordAnonymiseRepository, 'findByPhone'>;
  messages: Pick<MessageAnonymiseRepository, 'forReports'>;
  accessLog: Pick<PiiAccessAnonymiser, 'findByPhone'>;
}

const at = (d: Date) => formatShanghaiMinute(d);

/**
 * The finder's sources (docs/decisions/093), in order: the customer book by the phone, the
 * reports by the phone as entered, the messages of those reports (they name the customer), and
 * the access log's rows of the number (decision 095).
 * Labels of each field are the console's column names (adminPrivacyMessages).
 */
export function piiSources(deps: PiiSourceDeps): PiiSourceReader[] {
  return [
    {
      source: 'customers',
      async read(companyId, phone) {
        const rows = await deps.customers.findByPhone(companyId, phone);
        return {
          customerIds: rows.map((r) => r.id),
          rows: rows.map((r) => ({
            id: r.id,
            fields: { [text_.colName]: r.name, [text_.colPhone]: r.phone, [text_.colOwner]: r.ownerName, [text_.colPictures]: r.pictures, [text_.colCreatedAt]: at(r.createdAt) },
          })),
        };
      },
    },
    {
      source: 'reports',
      async read(companyId, phone) {
        const rows = await deps.records.findByPhone(companyId, phone);
        return {
          reportIds: rows.map((r) => r.id),
          rows: rows.map((r) => ({
            id: r.id,
            fields: {
              [text_.colName]: r.name,
              [text_.colPhone]: r.phone,
              [text_.colHouse]: r.houseName,
              [text_.colStatus]: RECORD_STATUS_TEXT[r.status],
              [text_.colReporter]: r.reporterName,
              [text_.colContent]: r.remark,
              [text_.colPictures]: r.pictures,
              [text_.colCreatedAt]: at(r.createdAt),
            },
          })),
        };
      },
    },
    {
      source: 'messages',
      async read(companyId, _phone, found) {
        const rows = await deps.messages.forReports(companyId, found.reportIds);
        return {
          rows: rows.map((r) => ({
            id: r.id,
            fields: { [text_.colRecipient]: r.recipient, [text_.colTitle]: r.title, [text_.colContent]: r.content, [text_.colCreatedAt]: at(r.createdAt) },
          })),
        };
      },
    },
    {
      // Who saw the full number (docs/decisions/092), found by its keyed hash (decision 095).
      source: 'accessLog',
      async read(companyId, phone) {
        const rows = await deps.accessLog.findByPhone(companyId, phone);
        return {
          rows: rows.map((r) => ({
            id: r.id,
            fields: {
              [text_.colViewer]: r.actor === 'EXTERNAL' ? text_.externalViewer : [r.userName, r.userPhone].filter(Boolean).join(' '),
              [text_.colPage]: routeLabel(r.route),
              [text_.colPhone]: r.phoneMasked,
              [text_.colRecord]: r.recordId === null ? '' : String(r.recordId),
              [text_.colCreatedAt]: at(r.createdAt),
            },
          })),
        };
      },
    },
  ];
}

/** Runs the sources in order over one phone. */
export async function findAll(readers: PiiSourceReader[], companyId: number, phone: string): Promise<Found> {
  const found: Found = { customerIds: [], reportIds: [], sources: [] };
  for (const reader of readers) {
    const part = await reader.read(companyId, phone, found);
    found.customerIds = [...new Set([...found.customerIds, ...(part.customerIds ?? [])])];
    found.reportIds = [...new Set([...found.reportIds, ...(part.reportIds ?? [])])];
    found.sources.push({ source: reader.source, rows: part.rows });
  }
  return found;
}
