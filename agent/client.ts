import { backoffDelayMs, BACKOFF_MAX_MS, sleep } from './backoff';
import type {
  AgentCommandList,
  AgentCommandResult,
  AgentConfig,
  AgentCredential,
  AgentHeartbeatAck,
  AgentProcess,
  AgentProcessAck,
  AgentReportedSystem,
  AgentScreenshot,
  AgentUrlPolicy,
  ApiErrorBody,
} from './types';

/** The agent API over HTTP: JSON in and out, the unit credential as the bearer, retries while the server is away. */

/** A refusal from the server, in the one error shape (`message`, `code`, `errors`). */
export class AgentApiError extends Error {
  override readonly name: string = 'AgentApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly errors: Record<string, string> | null = null,
  ) {
    super(message);
  }
}

/** 401 on an agent call: the credential was revoked ("Revoke agent" in the unit's drawer), or its unit deleted. */
export class AgentRevokedError extends AgentApiError {
  override readonly name = 'AgentRevokedError';
}

/** 401 on enrolment: the token is unknown, already used, or older than 24 hours. */
export class EnrolmentInvalidError extends AgentApiError {
  override readonly name = 'EnrolmentInvalidError';
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export interface ClientOptions {
  /** The server's base URL, e.g. `https://sua.example.com`. */
  server: string;
  credential?: string | null;
  agentVersion: string;
  fetch?: typeof fetch;
  random?: () => number;
  log?: Logger;
  /** How long one call may take before it counts as the server being away (the long poll adds its wait). */
  timeoutMs?: number;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Send the credential (every call but the enrolment). */
  auth?: boolean;
  timeoutMs?: number;
}

/** Statuses that mean "the server is there but cannot answer now": wait and ask again. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

const isRetryStatus = (status: number) => RETRY_STATUSES.has(status) || status >= 500;

/** Why an answer is not a refusal but a reason to retry (the server restarting, a proxy in between, the network). */
class Unavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

const retryAfterMs = (header: string | null): number | null => {
  if (header === null) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(BACKOFF_MAX_MS, seconds * 1000) : null;
};

function errorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return parsed as ApiErrorBody;
    }
  } catch {
    // Not the error shape (a proxy's HTML page): the status alone tells.
  }
  return null;
}

export class AgentClient {
  private credential: string | null;
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly log: Logger | null;
  private readonly timeoutMs: number;
  private readonly userAgent: string;
  /** Set while calls fail, so the log says once that the server is away and once that it is back. */
  private away = false;

  constructor(options: ClientOptions) {
    this.base = options.server.replace(/\/+$/, '');
    this.credential = options.credential ?? null;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.random = options.random ?? Math.random;
    this.log = options.log ?? null;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.userAgent = `sua-agent/${options.agentVersion}`;
  }

  setCredential(credential: string): void {
    this.credential = credential;
  }

  enrol(token: string, system: AgentReportedSystem, signal?: AbortSignal): Promise<AgentCredential> {
    return this.call<AgentCredential>({ method: 'POST', path: '/api/agent/enrol', body: { token, system }, signal, auth: false });
  }

  /** `urlPolicy`: how the agent enforces the URL rules (left out when it does not manage them). */
  heartbeat(unitId: string, system: AgentReportedSystem, signal?: AbortSignal, urlPolicy?: AgentUrlPolicy): Promise<AgentHeartbeatAck> {
    const body = urlPolicy ? { unitId, system, urlPolicy } : { unitId, system };
    return this.call<AgentHeartbeatAck>({ method: 'POST', path: '/api/agent/heartbeat', body, signal });
  }

  reportProcesses(unitId: string, processes: AgentProcess[], signal?: AbortSignal): Promise<AgentProcessAck> {
    return this.call<AgentProcessAck>({ method: 'PUT', path: '/api/agent/processes', body: { unitId, processes }, signal });
  }

  uploadScreenshot(screenshot: AgentScreenshot, signal?: AbortSignal): Promise<{ screenshotId: string }> {
    return this.call<{ screenshotId: string }>({ method: 'POST', path: '/api/agent/screenshots', body: screenshot, signal });
  }

  config(signal?: AbortSignal): Promise<AgentConfig> {
    return this.call<AgentConfig>({ method: 'GET', path: '/api/agent/config', signal });
  }

  /**
   * The pending commands, and the version of the unit's config now. The server holds the call up to `waitS` seconds
   * until a command is issued or, when `configVersion` is given, until the config is another (a long poll).
   */
  commands(waitS: number, signal?: AbortSignal, configVersion: string | null = null): Promise<AgentCommandList> {
    const known = configVersion === null ? '' : `&configVersion=${encodeURIComponent(configVersion)}`;
    return this.call<AgentCommandList>({
      method: 'GET',
      path: `/api/agent/commands?wait=${waitS}${known}`,
      signal,
      timeoutMs: this.timeoutMs + waitS * 1000,
    });
  }

  commandResult(commandId: string, result: AgentCommandResult, signal?: AbortSignal): Promise<unknown> {
    return this.call<unknown>({
      method: 'POST',
      path: `/api/agent/commands/${encodeURIComponent(commandId)}/result`,
      body: result,
      signal,
    });
  }

  /** One call, retried with backoff while the server is away; a refusal (4xx) is thrown as an AgentApiError at once. */
  async call<T>(call: Call): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await this.once<T>(call);
        if (this.away) {
          this.away = false;
          this.log?.info(`The server at ${this.base} answers again.`);
        }
        return answer;
      } catch (error) {
        if (!(error instanceof Unavailable) || call.signal?.aborted) throw error;
        const wait = Math.max(backoffDelayMs(attempt, this.random), error.retryAfterMs ?? 0);
        this.away = true;
        this.log?.warn(`${error.message}; retrying in ${Math.round(wait / 1000)} s.`);
        await sleep(wait, call.signal);
      }
    }
  }

  private async once<T>(call: Call): Promise<T> {
    const timeout = AbortSignal.timeout(call.timeoutMs ?? this.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.userAgent };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.auth !== false) {
      if (this.credential === null) throw new Error('The agent has no credential yet: enrol it first.');
      headers['authorization'] = `Bearer ${this.credential}`;
    }
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(`${this.base}${call.path}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? null : JSON.stringify(call.body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      // Our own stop: not the server's fault, so no retry.
      if (call.signal?.aborted) throw call.signal.reason;
      const why = timeout.aborted ? 'did not answer in time' : `cannot be reached (${describe(error)})`;
      throw new Unavailable(`The server at ${this.base} ${why}`);
    }
    if (response.ok) {
      if (text === '') return undefined as T;
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new AgentApiError(
          response.status,
          `${call.method} ${call.path} answered ${response.status} with a body that is not JSON: is ${this.base} the server?`,
        );
      }
    }
    if (isRetryStatus(response.status)) {
      throw new Unavailable(`${call.method} ${call.path} answered ${response.status}`, retryAfterMs(response.headers.get('retry-after')));
    }
    const body = errorBody(text);
    const message = body?.message ?? `${call.method} ${call.path} answered ${response.status}`;
    const code = body?.code ?? null;
    const errors = body?.errors ?? null;
    if (response.status === 401) {
      throw call.auth === false ? new EnrolmentInvalidError(401, message, code, errors) : new AgentRevokedError(401, message, code, errors);
    }
    throw new AgentApiError(response.status, message, code, errors);
  }
}

/** A network error's cause (`ECONNREFUSED`…), which fetch hides behind "fetch failed". */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause instanceof Error) return (cause as Error & { code?: string }).code ?? cause.message;
  return error.message;
}
