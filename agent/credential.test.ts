import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CredentialFileError, readCredential, writeCredential, type StoredCredential } from './credential';

const credential: StoredCredential = {
  server: 'http://127.0.0.1:8787',
  unitId: '7',
  organizationId: '1',
  credential: 'sua_unit_7_secret',
  enrolledAt: '2026-11-26T10:00:00.000Z',
};

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sua-agent-credential-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe.skipIf(process.platform === 'win32')('the credential file', () => {
  it('is written with mode 0600 in a new folder of mode 0700, and read back', async () => {
    const file = join(root, 'config', 'sua-agent', 'credential.json');
    await writeCredential(file, credential);
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(join(root, 'config', 'sua-agent'))).toBe(0o700);
    expect(await readCredential(file)).toEqual(credential);
    // Nothing left beside it (the temporary file is renamed over the credential).
    expect(await readdir(join(root, 'config', 'sua-agent'))).toEqual(['credential.json']);
  });

  it('replaces an earlier credential and stays 0600', async () => {
    const file = join(root, 'credential.json');
    await writeCredential(file, credential);
    await writeCredential(file, { ...credential, unitId: '8' });
    expect(await modeOf(file)).toBe(0o600);
    expect(await readCredential(file)).toMatchObject({ unitId: '8' });
  });

  it('leaves the mode of a folder it did not create alone', async () => {
    await chmod(root, 0o755);
    await writeCredential(join(root, 'credential.json'), credential);
    expect(await modeOf(root)).toBe(0o755);
  });

  it('is null when there is none yet', async () => {
    expect(await readCredential(join(root, 'missing.json'))).toBeNull();
  });

  it.each([0o644, 0o640, 0o604])('is refused when others can read it (mode %o), and the message says how to fix it', async (mode) => {
    const file = join(root, 'credential.json');
    await writeFile(file, JSON.stringify(credential));
    await chmod(file, mode);
    const read = readCredential(file);
    await expect(read).rejects.toThrow(CredentialFileError);
    await expect(readCredential(file)).rejects.toThrow(`chmod 600 ${file}`);
  });

  it('is refused when it is not a credential', async () => {
    const file = join(root, 'credential.json');
    await writeFile(file, '{"server": "x"}', { mode: 0o600 });
    await expect(readCredential(file)).rejects.toThrow(/not a credential file/);
    await writeFile(file, 'not json', { mode: 0o600 });
    await expect(readCredential(file)).rejects.toThrow(/not a credential file/);
    expect(await readFile(file, 'utf8')).toBe('not json');
  });
});
