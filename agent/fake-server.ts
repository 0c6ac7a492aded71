import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentCommand, AgentCommandResult, AgentProcessRule } from './types';

/**
 * A small stand-in for the server's agent API, for the agent's own tests: it follows the contract
 * (docs/api/openapi.yaml, /api/agent/...) as far as the agent sees it — the credential, 401 once revoked,
 * 415, 403 otherUnit, the long poll — and records what it was sent. The end-to-end test runs the real server.
 */

export const GOOD_TOKEN = 'sua_enrol_test-token-that-works-once-0000000000';
const CREDENTIAL = 'sua_unit_7_secret';
const UNIT_ID = '7';

export interface Received {
  method: string;
  path: string;
  /** The query string, with its '?' (or ''). */
  query: string;
  body: unknown;
  authorization: string | null;
}

interface StoredCommand extends AgentCommand {
  status: 'pending' | 'sent' | AgentCommandResult['status'];
  message: string | null;
}

export class FakeAgentServer {
  readonly received: Received[] = [];
  readonly commands: StoredCommand[] = [];
  revoked = false;
  /** Answer every call with this status (503: a server restarting behind its proxy). */
  failWith: number | null = null;
  heartbeatIntervalS = 30;
  /** What GET /api/agent/config answers: the unit's process rules, the URL rules that apply to it. */
  processRules: AgentProcessRule[] = [];
  urlRules: unknown[] = [];
  /**
   * How each held long poll ended, in order: woken by news (a command, a rule change), its wait run out, or its
   * connection closed by the agent. Tests tell "answered at once" from "answered by the next poll" by this, not by a clock.
   */
  readonly pollEnds: ('news' | 'timeout' | 'closed')[] = [];
  private tokenUsed = false;
  private waiters = new Set<() => void>();
  private server: Server | null = null;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get unitId(): string {
    return UNIT_ID;
  }

  /** Starts listening (again, on the same port after stop(): a server restart). */
  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const wake of this.waiters) wake();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** Issues a command, as a person does from the console; a long poll waiting for one answers at once. */
  issue(kind: AgentCommand['kind'], pid: number | null = null): StoredCommand {
    const command: StoredCommand = {
      id: String(100 + this.commands.length),
      kind,
      pid,
      issuedAt: new Date().toISOString(),
      status: 'pending',
      message: null,
    };
    this.commands.push(command);
    for (const wake of this.waiters) wake();
    return command;
  }

  calls(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves once a call to `path` has arrived (polling the record; the tests' timeout bounds it). */
  async waitFor(path: string, count = 1): Promise<Received[]> {
    while (this.calls(path).length < count) await new Promise((resolve) => setTimeout(resolve, 10));
    return this.calls(path);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let body: unknown = null;
    if (text !== '') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
        send(415, { message: 'Send the body as application/json', code: 'unsupportedMediaType' });
        return;
      }
      try {
        body = JSON.parse(text);
      } catch {
        send(400, { message: 'Malformed JSON' });
        return;
      }
    }
    this.received.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      body,
      authorization: req.headers.authorization ?? null,
    });
    if (this.failWith !== null) {
      send(this.failWith, { message: 'Unavailable' });
      return;
    }
    const route = `${req.method} ${url.pathname}`;

    if (route === 'POST /api/agent/enrol') {
      const token = (body as { token?: unknown } | null)?.token;
      if (token !== GOOD_TOKEN || this.tokenUsed) {
        send(401, { message: 'Invalid or expired enrolment token', code: 'enrolmentInvalid' });
        return;
      }
      this.tokenUsed = true;
      send(201, { unitId: UNIT_ID, organizationId: '1', credential: CREDENTIAL, heartbeatIntervalS: this.heartbeatIntervalS });
      return;
    }
    if (req.headers.authorization !== `Bearer ${CREDENTIAL}` || this.revoked) {
      send(401, { message: 'Invalid agent credential', code: 'agentUnauthorized' });
      return;
    }
    const bodyUnit = (body as { unitId?: unknown } | null)?.unitId;
    if (bodyUnit !== undefined && bodyUnit !== UNIT_ID) {
      send(403, { message: `This credential reports for unit ${UNIT_ID} only`, code: 'otherUnit' });
      return;
    }
    if (route === 'POST /api/agent/heartbeat') {
      send(200, {
        receivedAt: new Date().toISOString(),
        heartbeatIntervalS: this.heartbeatIntervalS,
        pendingCommands: this.pending().length,
      });
      return;
    }
    if (route === 'PUT /api/agent/processes') {
      const count = (body as { processes: unknown[] }).processes.length;
      send(200, { running: count, started: count, ended: 0 });
      return;
    }
    if (route === 'GET /api/agent/config') {
      send(200, { ...this.config(), version: this.configVersion });
      return;
    }
    if (route === 'POST /api/agent/screenshots') {
      send(201, { screenshotId: '900' });
      return;
    }
    if (route === 'GET /api/agent/commands') {
      const waitS = Math.min(30, Number(url.searchParams.get('wait') ?? 0));
      const known = url.searchParams.get('configVersion');
      const news = () => this.pending().length > 0 || (known !== null && known !== this.configVersion);
      if (!news() && waitS > 0) await this.longPoll(waitS * 1000, req, news);
      const items = this.pending().map(({ id, kind, pid, issuedAt }) => ({ id, kind, pid, issuedAt }));
      for (const command of this.pending()) command.status = 'sent';
      if (!res.destroyed) send(200, { items, configVersion: this.configVersion });
      return;
    }
    const result = /^POST \/api\/agent\/commands\/([^/]+)\/result$/.exec(route);
    if (result) {
      const command = this.commands.find((c) => c.id === result[1]);
      if (!command) send(404, { message: 'No such command' });
      else if (command.status !== 'pending' && command.status !== 'sent') send(409, { message: 'Already finished' });
      else {
        const answer = body as AgentCommandResult;
        command.status = answer.status;
        command.message = answer.message ?? null;
        send(200, { ...command, serviceUnitId: UNIT_ID });
      }
      return;
    }
    send(404, { message: `No endpoint ${route}`, code: 'unknownPath' });
  }

  private pending(): StoredCommand[] {
    return this.commands.filter((c) => c.status === 'pending');
  }

  private config() {
    return { unitId: UNIT_ID, heartbeatIntervalS: this.heartbeatIntervalS, processRules: this.processRules, urlRules: this.urlRules };
  }

  /** As the server's: changes whenever the config does. */
  get configVersion(): string {
    return JSON.stringify(this.config());
  }

  /** Changes the unit's rules, as a person does in the console: a held long poll answers at once, with the new version. */
  setRules(rules: { processRules?: AgentProcessRule[]; urlRules?: unknown[] }): void {
    if (rules.processRules) this.processRules = rules.processRules;
    if (rules.urlRules) this.urlRules = rules.urlRules;
    for (const wake of this.waiters) wake();
  }

  private longPoll(ms: number, req: IncomingMessage, news: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      let ended = false;
      const done = (how: 'news' | 'timeout' | 'closed') => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        this.waiters.delete(wake);
        this.pollEnds.push(how);
        resolve();
      };
      // Woken by a command or a rule change, or by stop(): answered when there is news (or the server stops).
      const wake = () => {
        if (news()) done('news');
        else if (this.server === null) done('closed');
      };
      const timer = setTimeout(() => done('timeout'), ms);
      this.waiters.add(wake);
      req.socket.once('close', () => done('closed'));
    });
  }
}
