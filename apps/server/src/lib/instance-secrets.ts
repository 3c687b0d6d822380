import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { instanceSecret as secretTable } from '../db/schema';

/**
 * Keys this deployment makes for itself where none is configured: no key
 * that guards anything is written in the repository. The first instance to ask creates a
 * random 256-bit key; every later start and every other instance on the same database reads
 * the same one, so signed links stay valid across restarts and behind a load balancer.
 */
export async function instanceSecret(db: Executor, name: string): Promise<string> {
  await db
    .insert(secretTable)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: secretTable.name });
  const [row] = await db.select({ value: secretTable.value }).from(secretTable).where(eq(secretTable.name, name));
  if (!row) throw new Error(`instance secret ${name} could not be stored`);
  return row.value;
}
