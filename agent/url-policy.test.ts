import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPolicyTargets, POLICY_FILE_NAME, UrlPolicyWriter, type UrlPolicyTargets } from './url-policy';

const rule = (over: Record<string, unknown>) => ({
  id: '1',
  organizationId: '1',
  scope: { kind: 'all' },
  pattern: 'blocked.test',
  matchType: 'domain',
  action: 'block',
  enabled: true,
  schedule: { kind: 'always' },
  reason: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'admin',
  ...over,
});

let root: string;
let targets: UrlPolicyTargets;
const lines: string[] = [];
const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(`WARN ${m}`) };
const chromiumFile = () => join(root, 'chromium', POLICY_FILE_NAME);
const chromeFile = () => join(root, 'chrome', POLICY_FILE_NAME);
const firefoxFile = () => join(root, 'firefox', 'distribution', 'policies.json');
const json = async (path: string): Promise<unknown> => JSON.parse(await readFile(path, 'utf8')) as unknown;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sua-url-policy-'));
  targets = {
    chromium: [
      { browser: 'chromium', dir: join(root, 'chromium') },
      { browser: 'chrome', dir: join(root, 'chrome') },
    ],
    firefox: [firefoxFile()],
  };
  lines.length = 0;
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the URL policy on this machine (agent/url-policy.ts)', () => {
  it("writes the rules as Chromium's and Chrome's policy file and Firefox's WebsiteFilter, readable by all, nothing else touched", async () => {
    await mkdir(join(root, 'chromium'), { recursive: true });
    await writeFile(join(root, 'chromium', 'other.json'), '{"HomepageLocation":"https://intranet"}');
    await mkdir(join(root, 'firefox', 'distribution'), { recursive: true });
    await writeFile(firefoxFile(), JSON.stringify({ policies: { DisableTelemetry: true } }));
    const writer = new UrlPolicyWriter({ targets, log, timeZone: 'UTC', now: () => new Date('2026-12-07T09:00:00Z') });
    writer.setRules([
      rule({ id: '1' }),
      rule({ id: '2', action: 'allow', matchType: 'exact', pattern: 'http://blocked.test/help' }),
      rule({ id: '3', matchType: 'regex', pattern: '^https?://games\\.' }),
      { id: 'not a rule' },
    ]);
    const report = await writer.apply();

    const chromium = { URLBlocklist: ['blocked.test'], URLAllowlist: ['http://.blocked.test/help'] };
    expect(await json(chromiumFile())).toEqual(chromium);
    expect(await json(chromeFile())).toEqual(chromium);
    expect(((await stat(chromiumFile())).mode & 0o777).toString(8)).toBe('644');
    expect(await json(firefoxFile())).toEqual({
      policies: { DisableTelemetry: true, WebsiteFilter: { Block: ['*://*.blocked.test/*'], Exceptions: ['http://blocked.test/help'] } },
    });
    // Its own file beside the others: no temporary file left, the other file as it was.
    expect((await readdir(join(root, 'chromium'))).sort()).toEqual(['other.json', POLICY_FILE_NAME]);
    expect(await json(join(root, 'chromium', 'other.json'))).toEqual({ HomepageLocation: 'https://intranet' });
    expect(report).toEqual({
      state: 'written',
      writtenAt: '2026-12-07T09:00:00.000Z',
      browsers: ['chromium', 'chrome', 'firefox'],
      message: '',
      rules: [
        { ruleId: '1', pattern: 'blocked.test', status: 'enforced', reason: null },
        { ruleId: '2', pattern: 'http://blocked.test/help', status: 'enforced', reason: null },
        { ruleId: '3', pattern: '^https?://games\\.', status: 'notEnforceable', reason: 'regex' },
      ],
    });
    expect(lines).toEqual([
      'URL rules: browser policy written for chromium, chrome, firefox: 2 enforced, 0 outside their schedule, 1 not enforceable on this unit.',
    ]);
  });

  it('rewrites when the rules change and when a window opens or closes, and not otherwise', async () => {
    let now = new Date('2026-12-07T07:59:00Z');
    const writer = new UrlPolicyWriter({
      targets: { chromium: targets.chromium.slice(0, 1), firefox: [] },
      log,
      timeZone: 'UTC',
      now: () => now,
    });
    writer.setRules([rule({ schedule: { kind: 'window', days: [1], from: '08:00', to: '09:00' } })]);
    expect((await writer.apply()).rules).toEqual([{ ruleId: '1', pattern: 'blocked.test', status: 'outOfSchedule', reason: null }]);
    expect(await json(chromiumFile())).toEqual({ URLBlocklist: [], URLAllowlist: [] });

    now = new Date('2026-12-07T07:59:40Z');
    expect((await writer.apply()).writtenAt).toBe('2026-12-07T07:59:00.000Z');
    // Monday 08:00 UTC: the window opens.
    now = new Date('2026-12-07T08:00:00Z');
    const opened = await writer.apply();
    expect(opened).toMatchObject({ writtenAt: '2026-12-07T08:00:00.000Z', rules: [{ ruleId: '1', status: 'enforced' }] });
    expect(await json(chromiumFile())).toEqual({ URLBlocklist: ['blocked.test'], URLAllowlist: [] });
    // The rule is disabled in the console: the next config no longer has it.
    now = new Date('2026-12-07T08:10:00Z');
    writer.setRules([]);
    expect(await writer.apply()).toMatchObject({ writtenAt: '2026-12-07T08:10:00.000Z', rules: [] });
    expect(await json(chromiumFile())).toEqual({ URLBlocklist: [], URLAllowlist: [] });
  });

  it('without permission to write, says so once, reports it, and writes as soon as it may', async () => {
    let refuse = true;
    const writer = new UrlPolicyWriter({
      targets: { chromium: targets.chromium.slice(0, 1), firefox: [] },
      log,
      timeZone: 'UTC',
      writeFile: (path, content, options) =>
        refuse
          ? Promise.reject(Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' }))
          : writeFile(path, content, options),
    });
    writer.setRules([rule({})]);
    const refused = await writer.apply();
    await writer.apply();
    expect(refused).toMatchObject({ state: 'noPermission', writtenAt: null, browsers: [], rules: [{ ruleId: '1', status: 'enforced' }] });
    expect(refused.message).toContain('EACCES');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^WARN URL rules: no permission to write the browser policy \(.*chromium: EACCES/);
    expect(await readdir(join(root, 'chromium'))).toEqual([]);

    refuse = false;
    expect(await writer.apply()).toMatchObject({ state: 'written', browsers: ['chromium'] });
    expect(await json(chromiumFile())).toEqual({ URLBlocklist: ['blocked.test'], URLAllowlist: [] });
  });

  it('removes only its own: the Chromium files, and the WebsiteFilter from a policies.json it shares', async () => {
    await mkdir(join(root, 'chromium'), { recursive: true });
    await writeFile(join(root, 'chromium', 'other.json'), '{}');
    await mkdir(join(root, 'firefox', 'distribution'), { recursive: true });
    await writeFile(firefoxFile(), JSON.stringify({ policies: { DisableTelemetry: true } }));
    const writer = new UrlPolicyWriter({ targets, log });
    writer.setRules([rule({})]);
    await writer.apply();
    expect(await writer.remove()).toMatchObject({ state: 'off', browsers: [], rules: [] });
    expect(await readdir(join(root, 'chromium'))).toEqual(['other.json']);
    expect(await readdir(join(root, 'chrome'))).toEqual([]);
    expect(await json(firefoxFile())).toEqual({ policies: { DisableTelemetry: true } });

    // A policies.json that held only its filter goes with it.
    await rm(firefoxFile());
    await writer.apply();
    await writer.remove();
    expect(await readdir(join(root, 'firefox', 'distribution'))).toEqual([]);
  });

  it('finds the folders under SUA_POLICY_ROOT, and Firefox only where it is installed', async () => {
    expect(await defaultPolicyTargets({ SUA_POLICY_ROOT: root })).toEqual({
      chromium: [
        { browser: 'chromium', dir: join(root, 'etc/chromium/policies/managed') },
        { browser: 'chrome', dir: join(root, 'etc/opt/chrome/policies/managed') },
      ],
      firefox: [],
    });
    // Unset or empty: this machine's own folders.
    expect((await defaultPolicyTargets({ SUA_POLICY_ROOT: '' })).chromium.map((c) => c.dir)).toEqual([
      '/etc/chromium/policies/managed',
      '/etc/opt/chrome/policies/managed',
    ]);
    await mkdir(join(root, 'usr/lib/firefox-esr'), { recursive: true });
    expect((await defaultPolicyTargets({ SUA_POLICY_ROOT: root })).firefox).toEqual([
      join(root, 'usr/lib/firefox-esr/distribution/policies.json'),
    ]);
  });
});
