import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  AGENT_VERSION,
  OS_INFO_EVERY_MS,
  readProcesses,
  readSystem,
  systemReader,
  toAgentProcess,
  toIpAddresses,
  toOsName,
  toPlatform,
  toStartedAt,
  type SystemSources,
} from './system';

describe('what the agent says about this machine', () => {
  it('maps Node platforms to the contract’s three', () => {
    expect(['linux', 'win32', 'darwin', 'freebsd'].map(toPlatform)).toEqual(['linux', 'windows', 'macos', 'linux']);
  });

  it('names the operating system with its release and codename', () => {
    expect(toOsName({ distro: 'Debian GNU/Linux', release: '12', codename: 'bookworm' })).toBe('Debian GNU/Linux 12 (bookworm)');
    expect(toOsName({ distro: 'Microsoft Windows 11 Pro', release: '10.0.22631', codename: '' })).toBe(
      'Microsoft Windows 11 Pro 10.0.22631',
    );
    expect(toOsName({ distro: '', release: '', codename: '' })).toBe('unknown');
    expect(toOsName({ distro: 'x'.repeat(200), release: '1', codename: '' })).toHaveLength(120);
  });

  it('lists the addresses others can reach: the default interface first, IPv4 first, no loopback, no zone', () => {
    const iface = (ip4: string, ip6: string, internal = false, isDefault = false) => ({ ip4, ip6, internal, default: isDefault });
    expect(
      toIpAddresses([
        iface('127.0.0.1', '::1', true),
        iface('10.0.0.5', 'fe80::1%eth1'),
        iface('192.0.2.2', 'fd00::2', false, true),
        iface('', ''),
      ]),
    ).toEqual(['192.0.2.2', '10.0.0.5', 'fd00::2', 'fe80::1']);
  });

  it('reads the start time as local wall-clock time', () => {
    expect(toStartedAt('2026-11-26 08:40:07')).toBe(new Date(2026, 10, 26, 8, 40, 7).toISOString());
    expect(toStartedAt('')).toBeNull();
    expect(toStartedAt('yesterday')).toBeNull();
  });

  it('shapes a process as the contract wants: MB from KiB, one decimal, no empty names', () => {
    const base = { pid: 42, name: 'nginx', command: 'nginx', user: 'www-data', cpu: 1.234, memRss: 20480, started: '2026-11-26 08:40:07' };
    expect(toAgentProcess(base)).toEqual({
      pid: 42,
      name: 'nginx',
      user: 'www-data',
      cpuPercent: 1.2,
      memoryMb: 20,
      startedAt: new Date(2026, 10, 26, 8, 40, 7).toISOString(),
    });
    expect(toAgentProcess({ ...base, name: '', command: '' })).toBeNull();
    expect(toAgentProcess({ ...base, cpu: Number.NaN, memRss: -1 })).toMatchObject({ cpuPercent: 0, memoryMb: 0 });
  });

  it('reads this machine: its hostname, platform and version', async () => {
    const system = await readSystem();
    expect(system).toMatchObject({ hostname: hostname(), platform: toPlatform(process.platform), agentVersion: AGENT_VERSION });
    expect(AGENT_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(system.uptimeS).toBeGreaterThan(0);
    expect(system.ipAddresses).not.toContain('127.0.0.1');
  });

  it('reads this machine again twice in a row: the same hostname and addresses, the uptime not going back', async () => {
    const read = systemReader();
    const first = await read();
    const second = await read();
    expect(second).toMatchObject({ hostname: first.hostname, osName: first.osName, ipAddresses: first.ipAddresses });
    expect(second.uptimeS).toBeGreaterThanOrEqual(first.uptimeS);
  });

  it('runs the tools for the OS name once an hour and for the addresses only when the interfaces change; hostname and uptime each time', async () => {
    let now = 1_000_000;
    let release = '12';
    let host = 'kiosk-1';
    let uptime = 100;
    const calls: string[] = [];
    const sources: SystemSources = {
      osInfo: async () => {
        calls.push('os');
        return { distro: 'Debian GNU/Linux', release, codename: 'bookworm', hostname: host };
      },
      networkInterfaces: async (rescan) => {
        calls.push(rescan ? 'scan' : 'cached');
        return [{ ip4: '192.0.2.2', ip6: '', internal: false, default: true }];
      },
      hostname: () => host,
      uptimeS: () => uptime,
      now: () => now,
    };
    const read = systemReader(sources);

    expect(await read()).toMatchObject({
      hostname: 'kiosk-1',
      osName: 'Debian GNU/Linux 12 (bookworm)',
      ipAddresses: ['192.0.2.2'],
      uptimeS: 100,
    });
    expect(calls).toEqual(['os', 'scan']);

    // A heartbeat later: a renamed machine and its uptime show at once; the OS is not read again.
    now += 30_000;
    uptime = 130;
    host = 'kiosk-renamed';
    release = '13';
    expect(await read()).toMatchObject({ hostname: 'kiosk-renamed', osName: 'Debian GNU/Linux 12 (bookworm)', uptimeS: 130 });
    expect(calls).toEqual(['os', 'scan', 'cached']);

    // An hour after the first read, an upgrade shows.
    now += OS_INFO_EVERY_MS;
    expect(await read()).toMatchObject({ osName: 'Debian GNU/Linux 13 (bookworm)' });
    expect(calls).toEqual(['os', 'scan', 'cached', 'os', 'cached']);
  });

  it('reads the OS again at the next heartbeat when a read failed', async () => {
    let fail = true;
    const read = systemReader({
      osInfo: async () => {
        if (fail) throw new Error('cannot read /etc/os-release');
        return { distro: 'Debian GNU/Linux', release: '12', codename: '', hostname: 'kiosk' };
      },
      networkInterfaces: async () => [],
      hostname: () => 'kiosk',
      uptimeS: () => 5,
      now: () => 0,
    });
    await expect(read()).rejects.toThrow('cannot read /etc/os-release');
    fail = false;
    expect(await read()).toMatchObject({ osName: 'Debian GNU/Linux 12', ipAddresses: [] });
  });

  it('reads this machine’s processes, this test’s own among them', async () => {
    const processes = await readProcesses();
    const own = processes.find((p) => p.pid === process.pid);
    expect(own).toMatchObject({ pid: process.pid, name: expect.any(String), memoryMb: expect.any(Number) });
    expect(own?.memoryMb).toBeGreaterThan(1);
  });
});
