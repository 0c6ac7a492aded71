// The one translation of URL rules to policies (core/url-policy.ts), which the simulated agents report too: not a copy of it.
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { urlPolicyOf, type UrlPolicy, type UrlPolicyRule } from '../core/url-policy';
import type { Logger } from './client';
import type { AgentUrlPolicy } from './types';

/**
 * The unit's URL rules, enforced by the browsers themselves: the agent writes them as managed policy, one file of its
 * own in Chromium's and Chrome's policy folders and the WebsiteFilter of Firefox's policies.json where Firefox is
 * installed. It rewrites them when the rules change or a schedule's window opens or closes, removes them when it is
 * revoked or started with --no-url-policy, and reports what it did with each heartbeat (docs/agent.md).
 */

/** The agent's own file in each Chromium policy folder; it never touches another. */
export const POLICY_FILE_NAME = 'service-unit-admin.json';

export interface UrlPolicyTargets {
  /** Chromium's and Chrome's managed policy folders: created when missing. */
  chromium: { browser: 'chromium' | 'chrome'; dir: string }[];
  /** Firefox's policies.json files, one per installed Firefox (its distribution folder). */
  firefox: string[];
}

/**
 * Where the policies go on this machine. `SUA_POLICY_ROOT` (tests) puts every path under another folder, as if it
 * were the root; Firefox counts as installed where its program folder exists.
 */
export async function defaultPolicyTargets(env: NodeJS.ProcessEnv = process.env): Promise<UrlPolicyTargets> {
  const root = env['SUA_POLICY_ROOT'] || '/';
  const firefox: string[] = [];
  for (const program of ['usr/lib/firefox', 'usr/lib/firefox-esr', 'opt/firefox']) {
    const dir = join(root, program);
    if (await exists(dir)) firefox.push(join(dir, 'distribution', 'policies.json'));
  }
  return {
    chromium: [
      { browser: 'chromium', dir: join(root, 'etc/chromium/policies/managed') },
      { browser: 'chrome', dir: join(root, 'etc/opt/chrome/policies/managed') },
    ],
    firefox,
  };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const codeOf = (error: unknown) => (error instanceof Error && 'code' in error ? String(error.code) : '');
const isPermission = (error: unknown) => ['EACCES', 'EPERM', 'EROFS'].includes(codeOf(error));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** How a file is written: node:fs's, replaced in tests (a write refused for want of permission). */
export type WriteFile = (path: string, content: string, options: { mode: number }) => Promise<void>;

/** Written whole to a temporary file beside it, then renamed over it: a browser never reads half a policy. */
async function writeAtomic(path: string, content: string, write: WriteFile = writeFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o755 });
  const temporary = join(dirname(path), `.${POLICY_FILE_NAME}.${process.pid}.tmp`);
  try {
    // 0644: the browsers run as the machine's users and must read it; only root (or the agent) may change it.
    await write(temporary, content, { mode: 0o644 });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Firefox's policies.json as it is, or an empty one; a file that is not a JSON object is not ours to change. */
async function readFirefoxPolicies(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${path} is not a JSON object; left as it is`);
  return parsed as Record<string, unknown>;
}

const policiesOf = (file: Record<string, unknown>): Record<string, unknown> => {
  const policies = file['policies'];
  return policies !== null && typeof policies === 'object' && !Array.isArray(policies) ? { ...(policies as Record<string, unknown>) } : {};
};

const isRule = (value: unknown): value is UrlPolicyRule => {
  if (value === null || typeof value !== 'object') return false;
  const r = value as Partial<Record<keyof UrlPolicyRule, unknown>>;
  return (
    typeof r.id === 'string' &&
    typeof r.pattern === 'string' &&
    (r.matchType === 'domain' || r.matchType === 'exact' || r.matchType === 'wildcard' || r.matchType === 'regex') &&
    (r.action === 'allow' || r.action === 'block') &&
    typeof r.enabled === 'boolean' &&
    r.schedule !== null &&
    typeof r.schedule === 'object'
  );
};

export interface UrlPolicyWriterOptions {
  targets: UrlPolicyTargets;
  log: Logger;
  /** The unit's time zone: the machine's own by default (schedules are the unit's local time). */
  timeZone?: string;
  now?: () => Date;
  writeFile?: WriteFile;
}

export class UrlPolicyWriter {
  private rules: UrlPolicyRule[] = [];
  /** What was last written (the files' content), so an unchanged policy is not written again each minute. */
  private written: string | null = null;
  private last: AgentUrlPolicy = { state: 'written', writtenAt: null, browsers: [], message: '', rules: [] };
  private said = '';

  constructor(private readonly options: UrlPolicyWriterOptions) {}

  private get timeZone(): string {
    return this.options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** What the heartbeat reports. */
  report(): AgentUrlPolicy {
    return { ...this.last, browsers: [...this.last.browsers], rules: this.last.rules.map((r) => ({ ...r })) };
  }

  /** The URL rules of the latest config; an entry that is not a rule (a newer server's shape) is left out, not guessed at. */
  setRules(rules: readonly unknown[]): void {
    this.rules = rules.filter(isRule);
  }

  /**
   * Writes the policy of the rules at this moment when it differs from what was written (the rules changed, or a
   * window opened or closed), or when the last write failed. Never throws: a failure is the report's state.
   */
  async apply(): Promise<AgentUrlPolicy> {
    const policy = urlPolicyOf(this.rules, this.now(), this.timeZone);
    const content = JSON.stringify({ chromium: policy.chromium, firefox: policy.firefox });
    if (content === this.written && this.last.state === 'written') {
      this.last = { ...this.last, rules: policy.rules };
      return this.report();
    }
    const { browsers, problem } = await this.write(policy);
    const failed = problem !== null;
    this.written = failed ? null : content;
    this.last = {
      state: !failed ? 'written' : isPermission(problem.error) ? 'noPermission' : 'failed',
      writtenAt: browsers.length > 0 ? this.now().toISOString() : this.last.writtenAt,
      browsers,
      message: failed ? `${problem.path}: ${messageOf(problem.error)}`.slice(0, 500) : '',
      rules: policy.rules,
    };
    this.tell(policy);
    return this.report();
  }

  private async write(
    policy: UrlPolicy,
  ): Promise<{ browsers: AgentUrlPolicy['browsers']; problem: { path: string; error: unknown } | null }> {
    const browsers: AgentUrlPolicy['browsers'] = [];
    let problem: { path: string; error: unknown } | null = null;
    const chromium = `${JSON.stringify(policy.chromium, null, 2)}\n`;
    for (const { browser, dir } of this.options.targets.chromium) {
      try {
        await writeAtomic(join(dir, POLICY_FILE_NAME), chromium, this.options.writeFile);
        browsers.push(browser);
      } catch (error) {
        problem ??= { path: dir, error };
      }
    }
    for (const path of this.options.targets.firefox) {
      try {
        const file = await readFirefoxPolicies(path);
        const policies = { ...policiesOf(file), WebsiteFilter: policy.firefox };
        await writeAtomic(path, `${JSON.stringify({ ...file, policies }, null, 2)}\n`, this.options.writeFile);
        if (!browsers.includes('firefox')) browsers.push('firefox');
      } catch (error) {
        problem ??= { path, error };
      }
    }
    return { browsers, problem };
  }

  /** One log line when what the agent enforces, or cannot, changes: not one a minute. */
  private tell(policy: UrlPolicy): void {
    const { state, message, browsers } = this.last;
    const count = (status: string) => policy.rules.filter((r) => r.status === status).length;
    const line =
      state === 'noPermission'
        ? `URL rules: no permission to write the browser policy (${message}). Run the agent as root, or let its user write that folder; it keeps reporting everything else.`
        : state === 'failed'
          ? `URL rules: the browser policy could not be written (${message}).`
          : `URL rules: browser policy written for ${browsers.join(', ')}: ${count('enforced')} enforced, ` +
            `${count('outOfSchedule')} outside their schedule, ${count('notEnforceable')} not enforceable on this unit.`;
    if (line === this.said) return;
    this.said = line;
    if (state === 'written') this.options.log.info(line);
    else this.options.log.warn(line);
  }

  /** Takes the agent's policy away (revoked, or --no-url-policy): its Chromium files, Firefox's WebsiteFilter. */
  async remove(): Promise<AgentUrlPolicy> {
    let problem: { path: string; error: unknown } | null = null;
    for (const { dir } of this.options.targets.chromium) {
      try {
        await rm(join(dir, POLICY_FILE_NAME), { force: true });
      } catch (error) {
        problem ??= { path: dir, error };
      }
    }
    for (const path of this.options.targets.firefox) {
      try {
        if (!(await exists(path))) continue;
        const file = await readFirefoxPolicies(path);
        const policies = policiesOf(file);
        if (!('WebsiteFilter' in policies)) continue;
        delete policies['WebsiteFilter'];
        const rest = { ...file, policies };
        // A file that held only the agent's filter goes; one with other policies keeps them.
        if (Object.keys(policies).length === 0 && Object.keys(file).length === 1) await rm(path, { force: true });
        else await writeAtomic(path, `${JSON.stringify(rest, null, 2)}\n`);
      } catch (error) {
        problem ??= { path, error };
      }
    }
    this.written = null;
    if (problem)
      this.options.log.warn(`URL rules: the browser policy could not be removed (${problem.path}: ${messageOf(problem.error)}).`);
    this.last = {
      state: problem ? (isPermission(problem.error) ? 'noPermission' : 'failed') : 'off',
      writtenAt: this.last.writtenAt,
      browsers: [],
      message: problem ? `${problem.path}: ${messageOf(problem.error)}`.slice(0, 500) : '',
      rules: [],
    };
    return this.report();
  }
}
