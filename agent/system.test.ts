import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { AGENT_VERSION, readProcesses, readSystem, toAgentProcess, toIpAddresses, toOsName, toPlatform, toStartedAt } from './system';

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

  it('reads this machine’s processes, this test’s own among them', async () => {
    const processes = await readProcesses();
    const own = processes.find((p) => p.pid === process.pid);
    expect(own).toMatchObject({ pid: process.pid, name: expect.any(String), memoryMb: expect.any(Number) });
    expect(own?.memoryMb).toBeGreaterThan(1);
  });
});
