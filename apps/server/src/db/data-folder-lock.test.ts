import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DATA_FOLDER_LOCK, DataFolderInUseError, holdDataFolder } from './data-folder-lock';

/** Another process, running until the test ends it. */
function otherProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child as ChildProcess & { pid: number }));
    child.once('error', reject);
  });
}

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

describe('one process per PGlite data folder', () => {
  let folder: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'baobei-lock-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });
  const lockFile = () => path.join(folder, DATA_FOLDER_LOCK);

  it('takes a free folder, names this process in it, and leaves none behind on release', () => {
    const release = holdDataFolder(folder);
    expect(readFileSync(lockFile(), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+\\n$`));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a folder another running process holds, with a message that says what to do, and leaves its lock', async () => {
    const other = await otherProcess();
    children.push(other);
    writeFileSync(lockFile(), `${other.pid} ${startTimeOf(other.pid)}\n`);
    expect(() => holdDataFolder(folder)).toThrow(DataFolderInUseError);
    expect(() => holdDataFolder(folder)).toThrow(`The data folder ${folder} is open in process ${other.pid}`);
    expect(() => holdDataFolder(folder)).toThrow(/stop that one first, or set DATA_DIR to another folder/);
    // openDatabase refuses before PGlite touches the folder.
    expect(() => openDatabase({ dataDir: folder })).toThrow(DataFolderInUseError);
    expect(existsSync(path.join(folder, 'pglite'))).toBe(false);
    expect(readFileSync(lockFile(), 'utf8')).toBe(`${other.pid} ${startTimeOf(other.pid)}\n`);
  });

  it('takes over the lock of a process that ended (kill -9), and of a later process given its pid', async () => {
    const ended = await otherProcess();
    const exited = new Promise((resolve) => ended.once('exit', resolve));
    ended.kill('SIGKILL');
    await exited;
    writeFileSync(lockFile(), `${ended.pid} 1\n`);
    holdDataFolder(folder)();

    const reused = await otherProcess();
    children.push(reused);
    // Its pid, but not its start: the lock was a process that ran before it.
    writeFileSync(lockFile(), `${reused.pid} 1\n`);
    const release = holdDataFolder(folder);
    expect(readFileSync(lockFile(), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
  });

  it("a release does not remove a lock that is no longer this process's", async () => {
    const release = holdDataFolder(folder);
    const other = await otherProcess();
    children.push(other);
    writeFileSync(lockFile(), `${other.pid} ${startTimeOf(other.pid)}\n`);
    release();
    expect(existsSync(lockFile())).toBe(true);
  });

  it('the server, a command and the seed share one folder in turn: opened, closed, opened again', async () => {
    const first = openDatabase({ dataDir: folder });
    await first.close();
    expect(existsSync(lockFile())).toBe(false);
    const second = openDatabase({ dataDir: folder });
    expect(existsSync(lockFile())).toBe(true);
    await second.close();
    expect(existsSync(lockFile())).toBe(false);
  });
});
