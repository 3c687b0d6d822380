import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { adminBrandMessages } from '@baobei/shared/messages/admin';
import { uploadKeyOf } from '@baobei/shared/rules/upload-url';
import { auditLog, company, customer, customerImage, record } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { activeListings, reportSubmitPayload, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 33, item 1 (docs/decisions/095): the customer's separate consent to proof pictures is
 * required by the server on every call that takes them, recorded with the pictures; the company's
 * privacy policy is edited in the console and read by anyone on the company answer.
 */
let t: TestApp;
let dataDir: string;
let companyId: number;
let broker: string;
let brokerId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-consent-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  companyId = await t.companyIdOf(HOSTS.localhost);
  broker = await t.login(DEMO_ACCOUNTS.broker);
  brokerId = await userIdOf(t, companyId, DEMO_ACCOUNTS.broker);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, token: string, payload: object) => t.call({ method: 'POST', url, token, payload });
const plain = (url: string) => `/uploads/${uploadKeyOf(url)}`;

async function uploadAs(token: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/upload/index', token, ...multipartFile(TINY_PNG, 'id.png', 'image/png') });
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
}

const customersOf = (phone: string) =>
  t.database.db.select().from(customer).where(and(eq(customer.companyId, companyId), eq(customer.ownerId, brokerId), eq(customer.phone, phone)));
const reportsOf = (phone: string) => t.database.db.select().from(record).where(and(eq(record.companyId, companyId), eq(record.customerPhone, phone)));
const imagesOf = (customerId: number) => t.database.db.select().from(customerImage).where(eq(customerImage.customerId, customerId));

describe('report submit', () => {
  it('refuses pictures without the consent, naming the customers, and saves nothing', async () => {
    const [h] = await activeListings(t, companyId, 1);
    const pic = await uploadAs(broker);
    const payload = reportSubmitPayload(
      [h!.id],
      [
        { name: '同意甲', phone: '16600095001', customerPic: [pic], picConsent: false },
        { name: '同意乙', phone: '16600095002' },
      ],
    );
    const res = await post('/api/record/post-record-data', broker, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.customer.picConsentMissing('同意甲'));
    // The consent left out altogether is no consent either.
    const withoutField = { ...payload, customerList: payload.customerList.map(({ picConsent: _, ...c }) => c) };
    expect((await post('/api/record/post-record-data', broker, withoutField)).json().msg).toBe(messages.customer.picConsentMissing('同意甲'));
    expect(await reportsOf('16600095001')).toHaveLength(0);
    expect(await reportsOf('16600095002')).toHaveLength(0);
    expect(await customersOf('16600095001')).toHaveLength(0);
  });

  it('records the consent with the pictures: on the report and on the customer’s images; the detail and the console show it', async () => {
    const [h] = await activeListings(t, companyId, 1);
    const pic = await uploadAs(broker);
    const before = Date.now();
    const res = await post(
      '/api/record/post-record-data',
      broker,
      reportSubmitPayload([h!.id], [{ name: '同意丙', phone: '16600095003', customerPic: [pic], picConsent: true }, { name: '同意丁', phone: '16600095004' }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [withPics] = await reportsOf('16600095003');
    const [withoutPics] = await reportsOf('16600095004');
    expect(withPics!.picConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(withoutPics!.picConsentAt).toBeNull();
    const [saved] = await customersOf('16600095003');
    const images = await imagesOf(saved!.id);
    expect(images.map((i) => i.url)).toEqual([plain(pic)]);
    expect(images.every((i) => i.consentedAt !== null)).toBe(true);

    const detail = await post('/api/record/get-record-data', broker, { id: withPics!.id });
    expect(detail.json().data.customerInfo.picConsentAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const none = await post('/api/record/get-record-data', broker, { id: withoutPics!.id });
    expect(none.json().data.customerInfo.picConsentAt).toBe('');

    const operator = await t.consoleLogin(CONSOLE_ACCOUNTS.operator);
    const drawer = await t.call({ method: 'GET', url: `/api/admin/record/get?id=${withPics!.id}`, token: operator });
    expect(drawer.statusCode, drawer.body).toBe(200);
    expect(drawer.json().data.picConsentAt).toBe(detail.json().data.customerInfo.picConsentAt);
  });
});

describe('add-customer and edit-customer', () => {
  it('add: refuses pictures without the consent (nothing saved), takes them with it and lists the customer as consented', async () => {
    const pic = await uploadAs(broker);
    const body = { name: '同意戊', sex: 2, phone: '16600095005', telType: 0, customerPic: [pic] };
    const refused = await post('/api/record/add-customer', broker, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(messages.customer.picConsentRequired);
    expect(await customersOf('16600095005')).toHaveLength(0);

    const added = await post('/api/record/add-customer', broker, { ...body, picConsent: true });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.picConsent).toBe(true);
    const [row] = await customersOf('16600095005');
    expect((await imagesOf(row!.id)).every((i) => i.consentedAt !== null)).toBe(true);
    // Without pictures there is nothing to consent to.
    expect((await post('/api/record/add-customer', broker, { ...body, phone: '16600095006', customerPic: [] })).statusCode).toBe(200);

    const list = await post('/api/record/get-customer-list', broker, { keyword: '16600095005' });
    const listed = list.json().data.flatMap((g: { list: { phone: string; picConsent: boolean }[] }) => g.list);
    expect(listed).toEqual([expect.objectContaining({ phone: '16600095005', picConsent: true })]);
  });

  it('edit: a picture from before consent was asked shows as not consented until an edit confirms it', async () => {
    const pic = await uploadAs(broker);
    const added = await post('/api/record/add-customer', broker, { name: '同意己', sex: 1, phone: '16600095007', telType: 0, customerPic: [pic], picConsent: true });
    const id = added.json().data.id as number;
    // As a picture uploaded before migration 0040 is.
    await t.database.db.update(customerImage).set({ consentedAt: null }).where(eq(customerImage.customerId, id));
    const detail = await post('/api/record/get-customer-detail', broker, { id });
    expect(detail.json().data.customer.picConsent).toBe(false);

    const edit = { id, name: '同意己', sex: 1, phone: '16600095007', telType: 0, customerPic: [pic] };
    const refused = await post('/api/record/edit-customer', broker, edit);
    expect(refused.json().msg).toBe(messages.customer.picConsentRequired);
    expect(await t.database.db.select().from(customerImage).where(and(eq(customerImage.customerId, id), isNull(customerImage.consentedAt)))).toHaveLength(1);

    const edited = await post('/api/record/edit-customer', broker, { ...edit, picConsent: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.picConsent).toBe(true);
    expect((await imagesOf(id)).map((i) => i.consentedAt !== null)).toEqual([true]);
    expect((await post('/api/record/get-customer-detail', broker, { id })).json().data.customer.picConsent).toBe(true);
  });
});

describe('the company’s privacy policy', () => {
  const companyAnswer = (query: string) => t.call({ method: 'GET', url: `/api/index/get-company?host=${HOSTS.localhost}${query}` });

  it('is on the company answer only when asked, with the retention months; the console edits it, audited', async () => {
    const start = await companyAnswer('');
    expect(start.json().data).not.toHaveProperty('privacy');
    const [row] = await t.database.db.select().from(company).where(eq(company.id, companyId));
    const asked = await companyAnswer('&privacy=1');
    expect(asked.json().data.privacy).toEqual({ policy: '', retentionMonths: row!.retentionMonths, pictureRetentionMonths: row!.pictureRetentionMonths });
    expect((await companyAnswer('&privacy=yes')).statusCode).toBe(400);

    const operator = await t.consoleLogin(CONSOLE_ACCOUNTS.operator);
    const brand = (await t.call({ method: 'GET', url: '/api/admin/company/get-brand', token: operator })).json().data;
    expect(brand.privacyPolicy).toBe('');
    const tooLong = await post('/api/admin/company/update-brand', operator, { version: brand.version, privacyPolicy: '政'.repeat(20001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toBe(messages.input.tooLong('隐私政策', 20000));

    const policy = '一、我们收集的信息\n客户姓名与手机号。';
    const saved = await post('/api/admin/company/update-brand', operator, { version: brand.version, privacyPolicy: policy });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.privacyPolicy).toBe(policy);
    expect((await companyAnswer('&privacy=1')).json().data.privacy.policy).toBe(policy);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), inArray(auditLog.action, ['company.update-brand'])));
    expect(audits.at(-1)!.detail).toMatchObject({ changes: { privacyPolicy: { old: '', new: policy } } });
    expect(adminBrandMessages.sectionPrivacyPolicy).toBe('隐私政策');
  });
});
