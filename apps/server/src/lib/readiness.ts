/**
 * What GET /api/ready asks before it says the instance can take traffic: every dependency
 * that was configured answers. app.ts registers the database and Redis; a module with a
 * dependency of its own (object storage) registers its check through ModuleOptions.readiness.
 * A check resolves when its dependency answered and throws (or never settles) otherwise: the
 * answer names the failed part only, never the error, which may carry a host or a password.
 */
export type ReadinessCheck = () => Promise<unknown>;

export type CheckState = 'up' | 'down' | 'timeout';

export interface ReadinessReport {
  ready: boolean;
  shuttingDown: boolean;
  checks: Record<string, CheckState>;
}

export interface Readiness {
  /** Adds a named check (`database`, `redis`, `storage`); a name is registered once. */
  register(name: string, check: ReadinessCheck): void;
  /** From now on every report says not ready, so a load balancer stops sending (main.ts). */
  markShuttingDown(): void;
  /** Runs every check at once, each within the timeout. */
  report(): Promise<ReadinessReport>;
}

export function createReadiness(options: { timeoutMs: number }): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  let shuttingDown = false;

  async function run(check: ReadinessCheck): Promise<CheckState> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<CheckState>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
    });
    try {
      const answered = check().then(
        (): CheckState => 'up',
        (): CheckState => 'down',
      );
      return await Promise.race([answered, timedOut]);
    } catch {
      // A check that throws before returning its promise.
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    register(name, check) {
      if (checks.has(name)) throw new Error(`readiness check ${name} is registered twice`);
      checks.set(name, check);
    },
    markShuttingDown() {
      shuttingDown = true;
    },
    async report() {
      const names = [...checks.keys()];
      const states = await Promise.all([...checks.values()].map(run));
      const result = Object.fromEntries(names.map((name, i) => [name, states[i]!]));
      return { ready: !shuttingDown && states.every((s) => s === 'up'), shuttingDown, checks: result };
    },
  };
}
