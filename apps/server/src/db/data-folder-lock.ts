import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in a PGlite data folder naming the process that has it open. */
export const DATA_FOLDER_LOCK = 'pglite.lock';

/**
 * When a process started, as Linux counts it (field 22 of /proc/<pid>/stat), so a lock left by a
 * process that died is not taken for one held by a later process given the same pid. Null where
 * /proc is missing: the pid alone then says it.
 */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(pid: number, startedAt: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return startedAt === null || startTimeOf(pid) === null || startTimeOf(pid) === startedAt;
}

export class DataFolderInUseError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The data folder ${folder} is open in process ${pid} (a server or a command on the embedded database). ` +
        'The embedded database takes one process at a time: stop that one first, or set DATA_DIR to another folder.',
    );
    this.name = 'DataFolderInUseError';
  }
}

/**
 * Takes the PGlite data folder `folder` for this process, or refuses with DataFolderInUseError
 * while another process that runs holds it: two processes on one folder corrupt it (PGlite has
 * no lock of its own). A lock whose process has ended (kill -9, a crash) is taken over. Answers
 * the release, which removes the lock if it is still this process's.
 */
export function holdDataFolder(folder: string): () => void {
  const file = path.join(folder, DATA_FOLDER_LOCK);
  const mine = `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim();
  for (;;) {
    try {
      writeFileSync(file, `${mine}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let held = '';
    try {
      held = readFileSync(file, 'utf8').trim();
    } catch {
      continue; // released meanwhile
    }
    const [pidText = '', startedAt = null] = held.split(' ');
    const pid = Number(pidText);
    // This process again (a command that opens the folder twice) holds it already.
    if (pid === process.pid) return () => undefined;
    if (Number.isInteger(pid) && pid > 0 && isRunning(pid, startedAt)) throw new DataFolderInUseError(folder, pid);
    try {
      unlinkSync(file);
    } catch {
      // another process took the stale lock over first: try again
    }
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === mine) unlinkSync(file);
    } catch {
      // gone already
    }
  };
}
