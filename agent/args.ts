import { parseArgs } from 'node:util';
import type { AgentOptions } from './agent';
import { defaultCredentialFile } from './credential';

/** The command line: `npm run agent -- --server URL --enrol TOKEN [--allow-end-process]`. */

export const USAGE = `Usage: npm run agent -- --server URL [--enrol TOKEN] [options]

Reports this machine to a Service Unit Admin server as one of its service units.

  --server URL             The server, e.g. https://sua.example.com (once enrolled, the
                           credential file remembers it)
  --enrol TOKEN            An enrolment token from "New unit" in the console (first run only;
                           it works once, within 24 hours)
  --credential-file PATH   Where the unit credential is kept (default
                           ~/.config/sua-agent/credential.json, mode 0600)
  --allow-end-process      Let people who may manage this unit end its processes, and end
                           the processes its block rules match (without it the agent refuses,
                           the console shows the refusal, and the log names what a rule blocks)
  --no-url-policy          Do not write the unit's URL rules as browser policy, and remove the
                           policy an earlier run wrote (by default the agent writes them to
                           Chromium's, Chrome's and Firefox's managed policy: see docs/agent.md)
  --interval SECONDS       Heartbeat every SECONDS instead of the server's interval (tests)
  --once                   One heartbeat, one process report, one look at the commands, then exit
  --help                   This text

Exit codes: 0 stopped (SIGINT/SIGTERM or --once), 1 unexpected error, 2 cannot start as asked,
3 the credential was revoked.
`;

/** The command line cannot be used: the message says why; main prints it with the usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type Parsed = { help: true } | { help: false; options: AgentOptions };

export function parseAgentArgs(argv: string[]): Parsed {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        server: { type: 'string' },
        enrol: { type: 'string' },
        'credential-file': { type: 'string' },
        'allow-end-process': { type: 'boolean', default: false },
        'no-url-policy': { type: 'boolean', default: false },
        interval: { type: 'string' },
        once: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true };

  const server = values.server?.trim() || null;
  if (server !== null) {
    let url: URL;
    try {
      url = new URL(server);
    } catch {
      throw new UsageError(`--server must be a URL such as https://sua.example.com, not "${server}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--server must be an http:// or https:// URL');
  }
  let intervalS: number | null = null;
  if (values.interval !== undefined) {
    intervalS = Number(values.interval);
    if (!Number.isInteger(intervalS) || intervalS < 1 || intervalS > 3600) {
      throw new UsageError(`--interval must be a whole number of seconds from 1 to 3600, not "${values.interval}"`);
    }
  }
  const enrolToken = values.enrol?.trim() || null;
  return {
    help: false,
    options: {
      server,
      enrolToken,
      credentialFile: values['credential-file'] || defaultCredentialFile(),
      allowEndProcess: values['allow-end-process'],
      intervalS,
      once: values.once,
      urlPolicy: values['no-url-policy'] ? 'off' : 'on',
    },
  };
}
