/**
 * The report lists as the API serves them, for the benches that time them (record-list.bench.ts)
 * or set other reads beside them (dashboard.bench.ts): the viewer a session gives, and the
 * tracking service built as the record module builds it, without what a list never calls
 * (notifications, deals).
 */
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../access/scopes';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { createHouseRepository } from '../modules/house/house-repository';
import { createRecordRepository } from '../modules/record/record-repository';
import { createRecordTrackingRepository } from '../modules/record/record-tracking-repository';
import { createRecordTrackingService } from '../modules/record/record-tracking-service';
import { createPictureSigner } from '../modules/upload/picture-signer';
import { createUploadRepository } from '../modules/upload/upload-repository';
import { pictureCheck } from '../modules/upload/upload-service';

/** The account of `phone` in the company, as the session hands it to the services. */
export async function viewerOf(db: Db, companyId: number, phone: string): Promise<Viewer> {
  const [row] = await db
    .select({ id: user.id, companyId: user.companyId, role: user.role, distributorId: user.distributorId, distributorControl: user.distributorControl })
    .from(user)
    .where(and(eq(user.companyId, companyId), eq(user.phone, phone)));
  if (!row) throw new Error(`bench: no account ${phone}`);
  return row;
}

/** 我的订单 and 公司订单's service (recordList, distributorRecordList) on `db`. */
export function reportListService(db: Db) {
  return createRecordTrackingService({
    db,
    tracking: createRecordTrackingRepository(db),
    records: createRecordRepository(db),
    uploads: pictureCheck(createUploadRepository(db)),
    externalLinkSecret: 'bench',
    pictures: createPictureSigner('bench'),
    listings: createHouseRepository(db),
  });
}
