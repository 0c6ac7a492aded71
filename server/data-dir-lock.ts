import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config';

/**
 * The embedded database (PGlite in DATA_DIR) belongs to one process: two processes writing its files
 * corrupt it, beyond what a restart recovers. A start takes `DATA_DIR/server.pid`, holding its process id;
 * a second start while that process lives stops with a message. One left by a process that did not stop
 * (kill -9, a power cut) names a process that is gone, and is taken over, so a restart needs no cleanup.
 */

const LOCK_FILE = 'server.pid';

const hasCode = (error: unknown, code: string): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

/** Whether a process with this id runs (EPERM: it does, as another user's). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return hasCode(error, 'EPERM');
  }
}

/** Takes the data folder for this process; answers the function that gives it back (on stop). */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
        } catch {
          // Already gone: nothing to give back.
        }
      };
    } catch (error) {
      if (!hasCode(error, 'EEXIST')) throw error;
      const text = readFileSync(path, 'utf8').trim();
      const holder = Number(text);
      // An empty file is another start writing its id this instant: in use, too.
      if (text === '' || (Number.isSafeInteger(holder) && holder > 0 && isRunning(holder))) {
        throw new ConfigError(
          `DATA_DIR ${dir} is in use by another server (process ${text || 'starting'}). Stop it first, or give this one another DATA_DIR: two processes must never open the embedded database.`,
        );
      }
      unlinkSync(path);
    }
  }
  throw new ConfigError(`DATA_DIR ${dir}: could not take ${LOCK_FILE}`);
}
