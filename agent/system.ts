import { readFileSync } from 'node:fs';
import { hostname as osHostname, uptime as osUptime } from 'node:os';
import si from 'systeminformation';
import type { Systeminformation } from 'systeminformation';
import type { AgentProcess, AgentReportedSystem, Platform } from './types';

/** This machine as the agent reports it, read through systeminformation, shaped and bounded as the contract says. */

/** Set by the bundle (scripts/build-agent.mjs: esbuild's define), which runs without the repository's package.json. */
declare const SUA_AGENT_VERSION: string | undefined;

/** The agent's version: the bundle's, else the project's (package.json), read once; "0.0.0" when run from a copy without it. */
export const AGENT_VERSION: string = (() => {
  if (typeof SUA_AGENT_VERSION === 'string') return SUA_AGENT_VERSION;
  try {
    const parsed: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const version = (parsed as { version?: unknown }).version;
    return typeof version === 'string' && version !== '' ? version.slice(0, 40) : '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

/** The contract's three platforms; any other Unix reports as linux, its closest kin. */
export function toPlatform(nodePlatform: string): Platform {
  if (nodePlatform === 'win32') return 'windows';
  if (nodePlatform === 'darwin') return 'macos';
  return 'linux';
}

/** "Debian GNU/Linux 12 (bookworm)", "macOS 14.4 (Sonoma)", "Microsoft Windows 11 Pro 10.0.22631". */
export function toOsName(os: Pick<Systeminformation.OsData, 'distro' | 'release' | 'codename'>): string {
  const name = [os.distro, os.release].filter((part) => part !== '').join(' ');
  const full = os.codename ? `${name} (${os.codename})` : name;
  return (full || 'unknown').slice(0, 120);
}

/**
 * The machine's addresses others can reach: no loopback, no zone suffix (fe80::1%eth0), the default
 * interface's first (the server shows the first as the unit's address), IPv4 before IPv6, at most 32.
 */
export function toIpAddresses(
  interfaces: Pick<Systeminformation.NetworkInterfacesData, 'ip4' | 'ip6' | 'internal' | 'default'>[],
): string[] {
  const ordered = [...interfaces.filter((i) => i.default), ...interfaces.filter((i) => !i.default)];
  const addresses = [
    ...ordered.filter((i) => !i.internal).map((i) => i.ip4),
    ...ordered.filter((i) => !i.internal).map((i) => i.ip6.split('%')[0] ?? ''),
  ].filter((address) => address !== '' && address.length <= 45);
  return [...new Set(addresses)].slice(0, 32);
}

/** systeminformation's start time is local wall-clock time ("2026-11-26 08:40:07"); the contract wants an instant. */
export function toStartedAt(started: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(started.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number | undefined];
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) || s === undefined ? 0 : s);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const round1 = (value: number) => Math.round(Math.max(0, Number.isFinite(value) ? value : 0) * 10) / 10;

/** One process as the contract wants it, or null when it has no name to show (the contract needs one). */
export function toAgentProcess(
  process: Pick<Systeminformation.ProcessesProcessData, 'pid' | 'name' | 'command' | 'user' | 'cpu' | 'memRss' | 'started'>,
): AgentProcess | null {
  const name = (process.name || process.command || '').trim().slice(0, 255);
  if (name === '' || !Number.isInteger(process.pid) || process.pid < 0) return null;
  return {
    pid: process.pid,
    name,
    user: (process.user ?? '').slice(0, 255),
    cpuPercent: round1(process.cpu),
    // memRss is in KiB on every platform systeminformation reads.
    memoryMb: round1(process.memRss / 1024),
    startedAt: toStartedAt(process.started ?? ''),
  };
}

/** The contract takes at most 5,000 processes in one report. */
export const MAX_PROCESSES = 5000;

/** Where a system reader gets what it reports (systeminformation and Node's os module by default; tests give their own). */
export interface SystemSources {
  osInfo(): Promise<Pick<Systeminformation.OsData, 'distro' | 'release' | 'codename' | 'hostname'>>;
  /** `rescan: false`: the last answer again while Node's list of interfaces is unchanged, without running a tool. */
  networkInterfaces(rescan: boolean): Promise<Pick<Systeminformation.NetworkInterfacesData, 'ip4' | 'ip6' | 'internal' | 'default'>[]>;
  hostname(): string;
  uptimeS(): number;
  now(): number;
}

const machineSources: SystemSources = {
  osInfo: () => si.osInfo(),
  networkInterfaces: async (rescan) => {
    const interfaces = await si.networkInterfaces(rescan);
    return Array.isArray(interfaces) ? interfaces : [interfaces];
  },
  hostname: osHostname,
  uptimeS: osUptime,
  now: Date.now,
};

/**
 * The operating system's name is read again at most this often: it changes with an upgrade, not between heartbeats,
 * and reading it runs tools (the release files, `hostname -f`) that a heartbeat should not start every time.
 */
export const OS_INFO_EVERY_MS = 3_600_000;

/**
 * Reads this machine for each heartbeat. Only the first read runs systeminformation's tools for the network addresses;
 * later ones read them again when Node sees the interfaces change (an address from DHCP, a new link). The hostname
 * and the uptime come from Node every time.
 */
export function systemReader(sources: SystemSources = machineSources): () => Promise<AgentReportedSystem> {
  let os: { at: number; info: ReturnType<SystemSources['osInfo']> } | null = null;
  let scanned = false;
  return async () => {
    const now = sources.now();
    if (!os || now - os.at >= OS_INFO_EVERY_MS) {
      const info = sources.osInfo();
      os = { at: now, info };
      // A failed read is not kept: the next heartbeat tries again.
      info.catch(() => {
        if (os?.info === info) os = null;
      });
    }
    const [info, interfaces] = await Promise.all([os.info, sources.networkInterfaces(!scanned)]);
    scanned = true;
    return {
      hostname: (sources.hostname() || info.hostname).slice(0, 253),
      platform: toPlatform(process.platform),
      osName: toOsName(info),
      ipAddresses: toIpAddresses(interfaces),
      uptimeS: Math.max(0, Math.floor(sources.uptimeS())),
      agentVersion: AGENT_VERSION,
    };
  };
}

/** One read of this machine, as a new agent's first heartbeat makes it. */
export function readSystem(): Promise<AgentReportedSystem> {
  return systemReader()();
}

export async function readProcesses(): Promise<AgentProcess[]> {
  const { list } = await si.processes();
  return list
    .map(toAgentProcess)
    .filter((p): p is AgentProcess => p !== null)
    .slice(0, MAX_PROCESSES);
}
