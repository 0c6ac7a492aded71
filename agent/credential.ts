import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The unit credential, kept in a file only this user can read (0600, in a 0700 folder): it is what lets this
 * machine report as its unit, and the server keeps only its hash, so the file is the one copy.
 */

export interface StoredCredential {
  server: string;
  unitId: string;
  organizationId: string;
  credential: string;
  enrolledAt: string;
}

export const defaultCredentialFile = (): string => join(homedir(), '.config', 'sua-agent', 'credential.json');

/** The credential file cannot be used: readable by others, someone else's, or not a credential. */
export class CredentialFileError extends Error {
  override readonly name = 'CredentialFileError';
}

/** Windows has no Unix modes; its user profile folder is private already. */
const checksModes = () => process.platform !== 'win32';

const isStoredCredential = (value: unknown): value is StoredCredential => {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['server', 'unitId', 'organizationId', 'credential', 'enrolledAt'].every((key) => typeof v[key] === 'string');
};

/** The stored credential, or null when there is no file yet (enrol then). Refuses a file others can read. */
export async function readCredential(file: string): Promise<StoredCredential | null> {
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (checksModes()) {
    const mode = info.mode & 0o777;
    if ((mode & 0o077) !== 0) {
      throw new CredentialFileError(
        `${file} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}); the agent refuses to use it. ` +
          `Run \`chmod 600 ${file}\` if nobody else has read it, or revoke the agent and enrol again.`,
      );
    }
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid) {
      throw new CredentialFileError(`${file} belongs to another user (uid ${info.uid}); run the agent as its owner.`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new CredentialFileError(`${file} is not a credential file (not JSON).`);
  }
  if (!isStoredCredential(parsed)) throw new CredentialFileError(`${file} is not a credential file (fields missing).`);
  return parsed;
}

/**
 * Writes the credential with mode 0600, creating its folder with 0700. The file is written beside its final
 * name and renamed over it, so a crash never leaves half a credential; it is never readable by others, not
 * even for a moment, as it is created with its mode.
 */
export async function writeCredential(file: string, credential: StoredCredential): Promise<void> {
  const folder = dirname(file);
  const created = await mkdir(folder, { recursive: true, mode: 0o700 });
  // Only a folder we made is tightened: a user's --credential-file in an existing folder keeps that folder's mode.
  if (created !== undefined && checksModes()) await chmod(folder, 0o700);
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(credential, null, 2)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    // The umask may have taken bits from 0600, never added any; set it exactly anyway.
    if (checksModes()) await chmod(temporary, 0o600);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
