import { describe, expect, it } from 'vitest';
import {
  decodedBytes,
  firstIpAddress,
  isEnrolmentTokenShape,
  MAX_SCREENSHOT_BYTES,
  readCommandResult,
  readEnrolRequest,
  readHeartbeat,
  readProcessReport,
  readScreenshotUpload,
} from './agent-input';
import { readUnitInput } from './unit-input';

const system = {
  hostname: 'Build-01.Example',
  platform: 'linux',
  osName: 'Debian GNU/Linux 12 (bookworm)',
  ipAddresses: ['fe80::1%eth0', '10.0.0.5'],
  uptimeS: 12,
  agentVersion: '1.0.0',
};

describe('the agent API bodies (core/agent-input.ts)', () => {
  it('reads a heartbeat: the hostname in lower case; problems by dotted field', () => {
    const ok = readHeartbeat({ unitId: '7', system });
    expect(ok).toMatchObject({ ok: true, value: { unitId: '7', system: { hostname: 'build-01.example', platform: 'linux' } } });
    const bad = readHeartbeat({ unitId: '7', system: { ...system, platform: 'beos', uptimeS: -1, ipAddresses: 'x' } });
    expect(bad).toEqual({
      ok: false,
      errors: { 'system.platform': 'invalid', 'system.uptimeS': 'invalid', 'system.ipAddresses': 'invalid' },
    });
    expect(readHeartbeat('nope').ok).toBe(false);
    expect(readHeartbeat({ system })).toMatchObject({ ok: false, errors: { unitId: 'required' } });
  });

  it('reads the URL policy a heartbeat carries, and names what is wrong in it; none sent is null', () => {
    const urlPolicy = {
      state: 'written',
      writtenAt: '2026-12-07T08:30:00Z',
      browsers: ['chromium', 'chrome'],
      message: '',
      rules: [
        { ruleId: '3', pattern: 'example.com', status: 'enforced', reason: null },
        { ruleId: '4', pattern: '^https://x', status: 'notEnforceable', reason: 'regex' },
      ],
    };
    expect(readHeartbeat({ unitId: '7', system, urlPolicy })).toMatchObject({
      ok: true,
      value: { urlPolicy: { ...urlPolicy, writtenAt: '2026-12-07T08:30:00.000Z' } },
    });
    expect(readHeartbeat({ unitId: '7', system })).toMatchObject({ ok: true, value: { urlPolicy: null } });
    const bad = readHeartbeat({
      unitId: '7',
      system,
      urlPolicy: {
        ...urlPolicy,
        state: 'maybe',
        browsers: ['lynx'],
        rules: [{ ruleId: '', pattern: 'example.com', status: 'enforced', reason: 'because' }],
      },
    });
    expect(bad).toEqual({
      ok: false,
      errors: {
        'urlPolicy.state': 'invalid',
        'urlPolicy.browsers': 'invalid',
        'urlPolicy.rules.0.ruleId': 'invalid',
        'urlPolicy.rules.0.reason': 'invalid',
      },
    });
    expect(readHeartbeat({ unitId: '7', system, urlPolicy: 'written' })).toEqual({ ok: false, errors: { urlPolicy: 'invalid' } });
  });

  it("holds the reported hostname to the unit form's rule (core/hostname.ts): what one refuses, the other refuses", () => {
    const names = [
      'DESKTOP_7QK2L1M',
      'MacBook-Pro.local',
      'build-01',
      'front desk',
      'bad_host!',
      '-gate',
      'a'.repeat(64),
      'x.'.repeat(127) + 'x',
    ];
    for (const hostname of names) {
      const agent = readHeartbeat({ unitId: '7', system: { ...system, hostname } });
      const form = readUnitInput({ name: 'n', hostname, operatingSystem: 'linux', tags: [], screenshotIntervalMinutes: 0 });
      expect({ hostname, agent: agent.ok ? null : agent.errors['system.hostname'] }).toEqual({
        hostname,
        agent: form.errors['hostname'] ?? null,
      });
    }
    expect(readEnrolRequest({ token: 'x', system: { ...system, hostname: 'front desk' } })).toMatchObject({
      ok: false,
      errors: { 'system.hostname': 'invalidHostname' },
    });
    expect(readHeartbeat({ unitId: '7', system: { ...system, hostname: 'DESKTOP_01' } })).toMatchObject({
      ok: true,
      value: { system: { hostname: 'desktop_01' } },
    });
  });

  it('picks the first address a unit can be reached at (not a link-local zone)', () => {
    expect(firstIpAddress(system.ipAddresses)).toBe('10.0.0.5');
    expect(firstIpAddress([])).toBeNull();
  });

  it('reads an enrolment; a token has one shape', () => {
    const token = `sua_enrol_${'a'.repeat(43)}`;
    expect(isEnrolmentTokenShape(token)).toBe(true);
    expect(isEnrolmentTokenShape('sua_enrol_short')).toBe(false);
    expect(readEnrolRequest({ token, system })).toMatchObject({ ok: true, value: { token } });
    expect(readEnrolRequest({ system })).toMatchObject({ ok: false, errors: { token: 'required' } });
  });

  it('reads a process report, and refuses a negative pid, a control character, a bad date', () => {
    const good = { pid: 1, name: 'bash', user: 'root', cpuPercent: 0.5, memoryMb: 3, startedAt: null };
    expect(readProcessReport({ unitId: '1', processes: [good] })).toMatchObject({ ok: true, value: { processes: [good] } });
    const bad = readProcessReport({
      unitId: '1',
      processes: [
        { ...good, pid: -1 },
        { ...good, name: 'a\u0007b' },
        { ...good, startedAt: 'yesterday' },
      ],
    });
    expect(bad).toEqual({
      ok: false,
      errors: { 'processes.0.pid': 'invalid', 'processes.1.name': 'controlCharacter', 'processes.2.startedAt': 'invalid' },
    });
  });

  it('reads a screenshot; beyond 1 MiB decoded it is too large before anything else', () => {
    const upload = {
      unitId: '1',
      capturedAt: '2026-11-26T10:00:00Z',
      width: 10,
      height: 10,
      activeWindowTitle: 'x',
      processName: 'y',
      contentType: 'image/png',
      data: 'AAAA',
    };
    expect(readScreenshotUpload(upload)).toMatchObject({ ok: true, value: { capturedAt: '2026-11-26T10:00:00.000Z', commandId: null } });
    const big = 'A'.repeat(Math.ceil((MAX_SCREENSHOT_BYTES + 1) / 3) * 4);
    expect(decodedBytes(big)).toBeGreaterThan(MAX_SCREENSHOT_BYTES);
    expect(readScreenshotUpload({ data: big })).toEqual({ ok: false, tooLarge: true });
    expect(readScreenshotUpload({ ...upload, data: 'not base64!', contentType: 'image/gif', capturedAt: 'never' })).toEqual({
      ok: false,
      errors: { data: 'invalid', contentType: 'invalid', capturedAt: 'invalid' },
    });
  });

  it('reads a command result', () => {
    expect(readCommandResult({ status: 'refused', message: 'Started without --allow-end-process' })).toEqual({
      ok: true,
      value: { status: 'refused', message: 'Started without --allow-end-process' },
    });
    expect(readCommandResult({ status: 'done' })).toEqual({ ok: false, errors: { status: 'invalid' } });
  });
});
