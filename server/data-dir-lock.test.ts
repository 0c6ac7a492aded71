import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

/* One server process per DATA_DIR: a second start is refused while the first runs, and a restart after a kill -9 takes over. */

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sua-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('refuses a second server while the first holds the folder, and frees it when the first stops', () => {
    const dir = newDir();
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(/is in use by another server \(process \d+\)/);

    unlock();
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over the folder of a process that ended without stopping (kill -9)', () => {
    const dir = newDir();
    // A process id that is no longer running.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dir, 'server.pid'), String(gone));

    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    unlock();
  });

  it('treats a file still being written by another start as in use', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'server.pid'), '');
    expect(() => lockDataDir(dir)).toThrow(/in use by another server \(process starting\)/);
  });
});
