import type {
  AgentSystem,
  AgentUrlPolicy,
  CommandResultStatus,
  OperatingSystem,
  UrlPolicyBrowser,
  UrlRuleEnforcement,
} from '../machines/domain/types';
import { readText } from '../machines/text/text-rules';
import { HOSTNAME_MAX_LENGTH, isHostname } from './hostname';
import { isIpAddress, OPERATING_SYSTEMS } from './unit-input';

/**
 * What the agent API accepts (docs/api/openapi.yaml, the Agent* schemas): one pure rule for the embedded
 * backend and the server (mirage/domains/agents.ts), and for the reference agent's tests. Each reader
 * answers the clean value, or the problems by field (dotted for nested fields), as a 422's `errors`.
 */

export type Read<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** The largest screenshot an agent may upload, decoded (413 `screenshotTooLarge` beyond it). */
export const MAX_SCREENSHOT_BYTES = 1024 * 1024;
export const MAX_PROCESSES = 5000;
export const SCREENSHOT_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type ScreenshotContentType = (typeof SCREENSHOT_CONTENT_TYPES)[number];
export const COMMAND_RESULTS: readonly CommandResultStatus[] = ['succeeded', 'failed', 'refused', 'notSupported'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIso = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));
const isCount = (v: unknown, max = Number.MAX_SAFE_INTEGER): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

const result = <T>(value: T, errors: Record<string, string>): Read<T> =>
  Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };

/** A text field: the shared text rule (NFC, no control characters), within `max`. */
function textField(errors: Record<string, string>, key: string, value: unknown, max: number, required = false): string {
  if (typeof value !== 'string') {
    errors[key] = 'required';
    return '';
  }
  const read = readText(value, { max, required });
  if (read.problem) errors[key] = read.problem;
  return read.value;
}

/** The system an agent reports with enrolment and each heartbeat (AgentReportedSystem). */
export interface ReportedSystem extends AgentSystem {
  platform: OperatingSystem;
}

export function readReportedSystem(body: unknown, prefix = 'system'): Read<ReportedSystem> {
  const errors: Record<string, string> = {};
  if (!isRecord(body)) return { ok: false, errors: { [prefix]: 'required' } };
  const hostname = textField(errors, `${prefix}.hostname`, body['hostname'], HOSTNAME_MAX_LENGTH, true).toLowerCase();
  // The unit form's rule: a hostname it would refuse would make the unit the agent creates uneditable.
  if (!errors[`${prefix}.hostname`] && !isHostname(hostname)) errors[`${prefix}.hostname`] = 'invalidHostname';
  const platform = body['platform'];
  if (typeof platform !== 'string' || !(OPERATING_SYSTEMS as readonly string[]).includes(platform))
    errors[`${prefix}.platform`] = 'invalid';
  const osName = textField(errors, `${prefix}.osName`, body['osName'], 120);
  const agentVersion = textField(errors, `${prefix}.agentVersion`, body['agentVersion'], 40, true);
  const addresses = body['ipAddresses'];
  const ipAddresses: string[] = [];
  if (!Array.isArray(addresses) || addresses.length > 32) errors[`${prefix}.ipAddresses`] = 'invalid';
  else
    for (const address of addresses) {
      if (typeof address !== 'string' || address.length > 45) errors[`${prefix}.ipAddresses`] = 'invalid';
      else ipAddresses.push(address);
    }
  const uptimeS = body['uptimeS'];
  if (!isCount(uptimeS)) errors[`${prefix}.uptimeS`] = 'invalid';
  return result({ hostname, platform: platform as OperatingSystem, osName, agentVersion, ipAddresses, uptimeS: uptimeS as number }, errors);
}

/** The first address a unit can be reached at (a link-local zone such as `%eth0` is not one). */
export function firstIpAddress(addresses: readonly string[]): string | null {
  return addresses.find((address) => isIpAddress(address)) ?? null;
}

const ENROLMENT_TOKEN = /^sua_enrol_[A-Za-z0-9_-]{43}$/;

export function readEnrolRequest(body: unknown): Read<{ token: string; system: ReportedSystem }> {
  if (!isRecord(body)) return { ok: false, errors: { token: 'required', system: 'required' } };
  const errors: Record<string, string> = {};
  const token = body['token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) errors['token'] = 'required';
  const system = readReportedSystem(body['system']);
  if (!system.ok) Object.assign(errors, system.errors);
  return system.ok ? result({ token: String(token), system: system.value }, errors) : { ok: false, errors };
}

/** Whether a text has the shape of an enrolment token (anything else is refused without a lookup). */
export const isEnrolmentTokenShape = (token: string): boolean => ENROLMENT_TOKEN.test(token);

/** The `unitId` every agent write names (403 `otherUnit` when it is not the credential's). */
function unitIdOf(body: Record<string, unknown>, errors: Record<string, string>): string {
  const unitId = body['unitId'];
  if (typeof unitId !== 'string' || unitId.length === 0 || unitId.length > 40) {
    errors['unitId'] = 'required';
    return '';
  }
  return unitId;
}

const URL_POLICY_STATES: readonly AgentUrlPolicy['state'][] = ['written', 'noPermission', 'failed', 'off'];
const URL_POLICY_BROWSERS: readonly UrlPolicyBrowser[] = ['chromium', 'chrome', 'firefox'];
const RULE_ENFORCEMENTS: readonly UrlRuleEnforcement['status'][] = ['enforced', 'outOfSchedule', 'notEnforceable'];
const URL_POLICY_PROBLEMS: readonly NonNullable<UrlRuleEnforcement['reason']>[] = [
  'regex',
  'wildcardInHost',
  'subdomainsOnly',
  'wildcardInPath',
  'wildcardInScheme',
  'invalidPattern',
];
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** How the agent enforces the URL rules (AgentUrlPolicy), sent with its heartbeats. */
export function readUrlPolicy(body: unknown, prefix = 'urlPolicy'): Read<AgentUrlPolicy> {
  if (!isRecord(body)) return { ok: false, errors: { [prefix]: 'invalid' } };
  const errors: Record<string, string> = {};
  const state = body['state'];
  if (!oneOf(URL_POLICY_STATES, state)) errors[`${prefix}.state`] = 'invalid';
  const writtenAt = body['writtenAt'] ?? null;
  if (writtenAt !== null && !isIso(writtenAt)) errors[`${prefix}.writtenAt`] = 'invalid';
  const browsers = body['browsers'];
  if (!Array.isArray(browsers) || browsers.length > URL_POLICY_BROWSERS.length || !browsers.every((b) => oneOf(URL_POLICY_BROWSERS, b)))
    errors[`${prefix}.browsers`] = 'invalid';
  const message = textField(errors, `${prefix}.message`, body['message'] ?? '', 500);
  const list = body['rules'];
  const rules: UrlRuleEnforcement[] = [];
  if (!Array.isArray(list) || list.length > 1000) errors[`${prefix}.rules`] = 'invalid';
  else
    list.forEach((item: unknown, index) => {
      const at = `${prefix}.rules.${index}`;
      if (!isRecord(item)) {
        errors[at] = 'invalid';
        return;
      }
      const { ruleId, status } = item;
      const pattern = textField(errors, `${at}.pattern`, item['pattern'], 500);
      const reason = item['reason'] ?? null;
      if (typeof ruleId !== 'string' || ruleId.length === 0 || ruleId.length > 40) errors[`${at}.ruleId`] = 'invalid';
      if (!oneOf(RULE_ENFORCEMENTS, status)) errors[`${at}.status`] = 'invalid';
      if (reason !== null && !oneOf(URL_POLICY_PROBLEMS, reason)) errors[`${at}.reason`] = 'invalid';
      if (typeof ruleId === 'string' && oneOf(RULE_ENFORCEMENTS, status) && (reason === null || oneOf(URL_POLICY_PROBLEMS, reason)))
        rules.push({ ruleId, pattern, status, reason });
    });
  return result(
    {
      state: state as AgentUrlPolicy['state'],
      writtenAt: writtenAt === null ? null : new Date(Date.parse(writtenAt as string)).toISOString(),
      browsers: Array.isArray(browsers) ? [...new Set(browsers as UrlPolicyBrowser[])] : [],
      message,
      rules,
    },
    errors,
  );
}

/** A heartbeat; `urlPolicy` is null when the agent sent none (an older agent: the unit keeps what it last had). */
export function readHeartbeat(body: unknown): Read<{ unitId: string; system: ReportedSystem; urlPolicy: AgentUrlPolicy | null }> {
  if (!isRecord(body)) return { ok: false, errors: { unitId: 'required', system: 'required' } };
  const errors: Record<string, string> = {};
  const unitId = unitIdOf(body, errors);
  const system = readReportedSystem(body['system']);
  const policy = body['urlPolicy'] === undefined ? null : readUrlPolicy(body['urlPolicy']);
  if (policy && !policy.ok) Object.assign(errors, policy.errors);
  if (!system.ok) return { ok: false, errors: { ...errors, ...system.errors } };
  return result({ unitId, system: system.value, urlPolicy: policy?.ok ? policy.value : null }, errors);
}

export interface ReportedProcess {
  pid: number;
  name: string;
  user: string;
  cpuPercent: number;
  memoryMb: number;
  startedAt: string | null;
}

export function readProcessReport(body: unknown): Read<{ unitId: string; processes: ReportedProcess[] }> {
  if (!isRecord(body)) return { ok: false, errors: { unitId: 'required', processes: 'required' } };
  const errors: Record<string, string> = {};
  const unitId = unitIdOf(body, errors);
  const list = body['processes'];
  const processes: ReportedProcess[] = [];
  if (!Array.isArray(list)) errors['processes'] = 'required';
  else if (list.length > MAX_PROCESSES) errors['processes'] = 'tooMany';
  else
    list.forEach((item: unknown, index) => {
      const at = `processes.${index}`;
      if (!isRecord(item)) {
        errors[at] = 'invalid';
        return;
      }
      const pid = item['pid'];
      if (!isCount(pid, 2 ** 32)) errors[`${at}.pid`] = 'invalid';
      const name = textField(errors, `${at}.name`, item['name'], 255, true);
      const user = textField(errors, `${at}.user`, item['user'], 255);
      const cpuPercent = item['cpuPercent'];
      if (!isAmount(cpuPercent)) errors[`${at}.cpuPercent`] = 'invalid';
      const memoryMb = item['memoryMb'];
      if (!isAmount(memoryMb)) errors[`${at}.memoryMb`] = 'invalid';
      const startedAt = item['startedAt'];
      if (startedAt !== null && !isIso(startedAt)) errors[`${at}.startedAt`] = 'invalid';
      processes.push({
        pid: pid as number,
        name,
        user,
        cpuPercent: cpuPercent as number,
        memoryMb: memoryMb as number,
        startedAt: (startedAt as string | null) ?? null,
      });
    });
  return result({ unitId, processes }, errors);
}

export interface ScreenshotUpload {
  unitId: string;
  commandId: string | null;
  capturedAt: string;
  width: number;
  height: number;
  activeWindowTitle: string;
  processName: string;
  contentType: ScreenshotContentType;
  data: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** How many bytes a base64 text decodes to. */
export function decodedBytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** A screenshot upload; `tooLarge` when the image is beyond MAX_SCREENSHOT_BYTES (answered 413, before anything else). */
export function readScreenshotUpload(body: unknown): Read<ScreenshotUpload> | { ok: false; tooLarge: true } {
  if (!isRecord(body)) return { ok: false, errors: { unitId: 'required', data: 'required' } };
  const data = body['data'];
  if (typeof data === 'string' && decodedBytes(data) > MAX_SCREENSHOT_BYTES) return { ok: false, tooLarge: true };
  const errors: Record<string, string> = {};
  const unitId = unitIdOf(body, errors);
  const commandId = body['commandId'] ?? null;
  if (commandId !== null && (typeof commandId !== 'string' || commandId.length > 40)) errors['commandId'] = 'invalid';
  const capturedAt = body['capturedAt'];
  if (!isIso(capturedAt)) errors['capturedAt'] = 'invalid';
  const width = body['width'];
  const height = body['height'];
  if (!isCount(width, 16384) || width < 1) errors['width'] = 'invalid';
  if (!isCount(height, 16384) || height < 1) errors['height'] = 'invalid';
  const activeWindowTitle = textField(errors, 'activeWindowTitle', body['activeWindowTitle'], 500);
  const processName = textField(errors, 'processName', body['processName'], 255);
  const contentType = body['contentType'];
  if (typeof contentType !== 'string' || !(SCREENSHOT_CONTENT_TYPES as readonly string[]).includes(contentType))
    errors['contentType'] = 'invalid';
  if (typeof data !== 'string' || data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data)) errors['data'] = 'invalid';
  return result(
    {
      unitId,
      commandId: commandId as string | null,
      capturedAt: isIso(capturedAt) ? new Date(Date.parse(capturedAt)).toISOString() : '',
      width: width as number,
      height: height as number,
      activeWindowTitle,
      processName,
      contentType: contentType as ScreenshotContentType,
      data: data as string,
    },
    errors,
  );
}

export function readCommandResult(body: unknown): Read<{ status: CommandResultStatus; message: string | null }> {
  if (!isRecord(body)) return { ok: false, errors: { status: 'required' } };
  const errors: Record<string, string> = {};
  const status = body['status'];
  if (typeof status !== 'string' || !(COMMAND_RESULTS as readonly string[]).includes(status)) errors['status'] = 'invalid';
  let message: string | null = null;
  if (body['message'] !== undefined) message = textField(errors, 'message', body['message'], 500) || null;
  return result({ status: status as CommandResultStatus, message }, errors);
}
