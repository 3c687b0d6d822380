import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The real server as its own process, for the tests that must stop it the hard way (kill -9)
 * or watch what it does at start: the production build (`node apps/server/dist/main.js`, what
 * `npm start` runs), made from the current sources once per test file. Plain `node`, no
 * wrapper process, so the pid is the server's own.
 */
const SERVER_ROOT = path.resolve(process.cwd(), 'apps/server');
export const COMPILED_SERVER = path.join(SERVER_ROOT, 'dist/main.js');

let built = false;
/** Builds apps/server/dist from the sources (esbuild, under a second) the first time it is asked. */
export function buildServer(): string {
  if (built) return COMPILED_SERVER;
  const build = spawnSync(process.execPath, [path.join(SERVER_ROOT, 'build.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server build failed:\n${build.stdout}${build.stderr}`);
  built = true;
  return COMPILED_SERVER;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait: the server closes cleanly. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** Starts the compiled server with `env` on a free port and waits until /api/health answers. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [buildServer()], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await server.kill();
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${log}`);
}

/** Runs a package script's file (db:migrate, db:seed: TypeScript through tsx; or the compiled server) to its end. */
export async function runScript(
  file: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<{ code: number | null; output: string }> {
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, path.resolve(process.cwd(), file), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  await exited(child);
  return { code: child.exitCode, output };
}
