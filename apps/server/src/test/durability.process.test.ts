import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { recordSuiteFigures } from './suite-figures';
import { seededDataDir, startServer, type ServerProcess } from './server-process';

/**
 * Every write the server acknowledged survives kill -9 of its process on
 * PGlite. A few cycles in `npm test`; `npm run test:durability` runs more (DURABILITY_CYCLES).
 * Each cycle: start the server on the same data directory, check that every write
 * acknowledged so far is there, then add customers from several concurrent clients and kill
 * the process while requests are in flight.
 */
const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 3);
const WRITERS = 4;
const WRITE_WINDOW_MS = 1500;
// fetch sends Host 127.0.0.1:<port>: the page host of the second demo company, and its broker.
const HOST = '127.0.0.1';
const BROKER = '13900000003';

// The demo database as a first start leaves it (server-process.ts): the subject is what follows.
const dir = await seededDataDir('durability');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Session {
  server: ServerProcess;
  headers: Record<string, string>;
}

async function signIn(server: ServerProcess): Promise<Session> {
  const company = (await (await fetch(`${server.url}/api/index/get-company?host=${HOST}`)).json()) as { data: { companyId: number } };
  const base = { 'content-type': 'application/json', companyid: String(company.data.companyId) };
  const res = await fetch(`${server.url}/api/login/sign`, {
    method: 'POST',
    headers: base,
    body: JSON.stringify({ username: BROKER, password: '123456' }),
  });
  const body = (await res.json()) as { data: { token: string } };
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { server, headers: { ...base, authorization: body.data.token } };
}

async function storedPhones(session: Session): Promise<Set<string>> {
  const res = await fetch(`${session.server.url}/api/record/get-customer-list`, { method: 'POST', headers: session.headers, body: '{}' });
  const groups = ((await res.json()) as { data: { list: { phone: string }[] }[] }).data;
  return new Set(groups.flatMap((g) => g.list.map((c) => c.phone)));
}

/** Adds customers until the window closes; answers the phones the server acknowledged. */
async function writeUntil(session: Session, cycle: number, writer: number, until: number): Promise<string[]> {
  const acknowledged: string[] = [];
  for (let seq = 0; Date.now() < until; seq++) {
    const phone = `19${String(cycle).padStart(2, '0')}${writer}${String(seq).padStart(6, '0')}`;
    try {
      const res = await fetch(`${session.server.url}/api/record/add-customer`, {
        method: 'POST',
        headers: session.headers,
        body: JSON.stringify({ name: `耐久${cycle}${writer}${seq}`, sex: 1, phone, telType: 0, customerPic: [] }),
      });
      if (res.status === 200) acknowledged.push(phone);
    } catch {
      return acknowledged; // the process is gone
    }
  }
  return acknowledged;
}

describe('durability on PGlite (kill -9)', () => {
  it(`loses no acknowledged write over ${CYCLES} kill cycles`, async () => {
    const acknowledged: string[] = [];
    let lost = 0;
    const env = { NODE_ENV: 'development', DATA_DIR: dir };
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const session = await signIn(await startServer(env));
      const present = await storedPhones(session);
      lost += acknowledged.filter((p) => !present.has(p)).length;
      expect(acknowledged.filter((p) => !present.has(p))).toEqual([]);

      const until = Date.now() + WRITE_WINDOW_MS;
      const writers = Array.from({ length: WRITERS }, (_, w) => writeUntil(session, cycle, w, until + 1000));
      // Kill while the writers are still sending: some requests are in flight.
      await new Promise((r) => setTimeout(r, WRITE_WINDOW_MS));
      await session.server.kill();
      const written = (await Promise.all(writers)).flat();
      expect(written.length).toBeGreaterThan(0);
      acknowledged.push(...written);
    }
    // One last start reads everything back.
    const last = await signIn(await startServer(env));
    const present = await storedPhones(last);
    await last.server.stop();
    const missing = acknowledged.filter((p) => !present.has(p));
    lost += missing.length;
    recordSuiteFigures('durability', `${CYCLES} kill -9 cycles, ${acknowledged.length} acknowledged writes, ${lost} lost`);
    expect(missing).toEqual([]);
  }, 60_000 + CYCLES * 30_000);
});
