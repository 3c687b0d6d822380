import type { Server } from 'node:http';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DemoAccountsPresent, demoAccountsRefusal, findDemoAccounts } from './db/seed/demo-accounts';
import { DemoSeedRefused, seedDemoIfEmpty } from './db/seed/demo-seed-policy';
import { buildApp } from './app';
import { flushTraces } from './telemetry/trace-flush';

/**
 * Migrates, seeds the demo data into an empty database (outside production only: config.ts
 * refuses SEED_DEMO there; a database holding companies the seed did not make is refused),
 * refuses in production a database that holds demo accounts (docs/decisions/058), serves, and
 * closes cleanly.
 */
/**
 * Turns of the event loop before the port closes, until one turn brings no new connection and
 * no new request: connections the kernel completed before the signal are accepted (closing the
 * listener would reset them) and requests already in the socket buffers are read, so that the
 * close does not take their connections for idle ones and drop them. A turn can be long when a
 * request's work holds the loop (PGlite runs in the process), so the loop is asked again.
 */
async function takeWhatArrived(server: Server): Promise<void> {
  let arrived = 0;
  const count = () => void arrived++;
  server.on('connection', count).on('request', count);
  try {
    for (let turn = 0, seen = -1; turn < 100 && (turn < 2 || arrived !== seen); turn++) {
      seen = arrived;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    server.off('connection', count).off('request', count);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Instances started together take turns: the first migrates (and seeds), the others find it done.
  await database.whileStartingAlone(async () => {
    await database.migrate();
    if (config.SEED_DEMO) await seedDemoIfEmpty(config.NODE_ENV, database.db);
  });
  // Production never serves the demo accounts (password 123456): refused before the port opens.
  if (config.NODE_ENV === 'production') {
    const demo = await findDemoAccounts(database.db);
    if (demo.length > 0) {
      await database.close();
      throw new DemoAccountsPresent(demoAccountsRefusal(demo));
    }
  }

  const app = await buildApp(config, database);
  let closing = false;
  /**
   * SIGTERM or SIGINT: GET /api/ready says 503 at once, requests are still served for
   * SHUTDOWN_DRAIN_MS (while a load balancer takes the instance out), then no new connection
   * is accepted (Fastify's close), the requests in flight finish within SHUTDOWN_GRACE_MS, the
   * pools close (Redis in an onClose hook, the database here) and the process exits 0.
   */
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.readiness.markShuttingDown();
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
    if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    await takeWhatArrived(app.server);
    const overdue = setTimeout(() => {
      app.log.warn({ graceMs: config.SHUTDOWN_GRACE_MS }, 'requests still in flight after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, config.SHUTDOWN_GRACE_MS);
    try {
      await app.close();
    } finally {
      clearTimeout(overdue);
    }
    await database.close();
    // The last requests' spans, when the server is traced (docs/decisions/099).
    await flushTraces();
    app.log.info('closed');
    process.exit(0);
  };
  const onSignal = (signal: string) => {
    close(signal).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: database.kind }, `Baobei is serving on port ${config.PORT}`);
}

main().catch((error: unknown) => {
  // A refusal says what to do in its message; anything else keeps its stack.
  console.error(error instanceof DemoAccountsPresent || error instanceof DemoSeedRefused ? error.message : error);
  process.exit(1);
});
