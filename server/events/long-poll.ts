import type { ServerResponse } from 'node:http';
import type { Backend } from '../backend';
import type { Wake } from './hub';
import { errorJson } from '../../core/error-shape';

/**
 * `GET /api/agent/commands?wait=N&configVersion=V` on the server: when the backend answers that nothing is
 * pending and the unit's config is still V, the request is held up to N seconds and asked again whenever
 * commands or rules of this unit are stored (here or, via the hub, on another instance); it answers as soon
 * as the backend has commands or another config version, else with the last empty answer. The backend stays
 * the one that decides (authentication, which commands, pending -> sent, the config's version).
 */

export const MAX_WAIT_S = 30;

/** The seconds a request asks to be held, or 0 (absent or not 1..30: the backend answers or refuses it at once). */
export function waitOf(url: string): number {
  const text = new URL(url, 'http://localhost').searchParams.get('wait');
  if (text === null || !/^\d{1,2}$/.test(text)) return 0;
  const seconds = Number(text);
  return seconds <= MAX_WAIT_S ? seconds : 0;
}

/** The unit a credential (`sua_unit_<unitId>_<secret>`) names, to skip wake-ups about other units; null: unknown. */
export function unitOfCredential(authorization: string | undefined): string | null {
  return /^Bearer\s+sua_unit_([A-Za-z0-9-]+)_/.exec(authorization ?? '')?.[1] ?? null;
}

/** The config version the agent names (`configVersion`), or null: it waits for commands only. */
export function configVersionOf(url: string): string | null {
  return new URL(url, 'http://localhost').searchParams.get('configVersion');
}

/** Whether the answer has news for the agent: commands, or a config that is not the one it has. */
const hasNews = async (answer: Response, configVersion: string | null): Promise<boolean> => {
  if (answer.status !== 200) return true;
  // A clone is read: the answer itself may still be sent.
  const body = (await answer.clone().json()) as { items?: unknown[]; configVersion?: unknown };
  if (!Array.isArray(body.items) || body.items.length > 0) return true;
  return configVersion !== null && body.configVersion !== configVersion;
};

export async function serveLongPoll(
  backend: Backend,
  /** A GET (no body): it is asked again as it is. */
  request: Request,
  res: ServerResponse,
  waitS: number,
  send: (answer: Response) => void,
): Promise<void> {
  const unitId = unitOfCredential(request.headers.get('authorization') ?? undefined);
  const configVersion = configVersionOf(request.url);
  let done = false;
  let expired = waitS === 0;
  let asking = false;
  let again = false;
  let last: Response | null = null;

  // An ask under way keeps the poll listed (backend.events.size) until it has returned, and given back what it took.
  const stop = () => {
    done = true;
    if (!asking) unsubscribe();
    clearTimeout(timer);
  };
  const finish = (answer: Response) => {
    if (done) return;
    stop();
    if (!res.destroyed) send(answer);
  };

  const ask = async (): Promise<void> => {
    if (done) return;
    if (asking) {
      again = true;
      return;
    }
    asking = true;
    try {
      const answer = await backend.handle(request);
      if (done || res.destroyed) {
        stop();
        await giveBack(backend, answer);
      } else if ((await hasNews(answer, configVersion)) || expired) finish(answer);
      else last = answer;
    } catch (error) {
      console.error('A long poll could not ask for commands', error);
      finish(last ?? failed());
    } finally {
      asking = false;
      if (done) unsubscribe();
      else if (again) {
        again = false;
        void ask();
      }
    }
  };

  // Listening before the first ask: a command stored while it runs is not missed.
  // Only wake-ups that stored commands or changed rules (of this unit, when the credential names it) ask again.
  const listener = (wake: Wake) => {
    if (wake.commandUnitIds === null || wake.commandUnitIds.size > 0) void ask();
  };
  const unsubscribe = backend.events.subscribe(listener, unitId === null ? undefined : { commandsOf: unitId });
  const timer = setTimeout(() => {
    expired = true;
    // An ask under way answers when it returns.
    if (last && !asking) finish(last);
  }, waitS * 1000);
  // A caller gone away gets nothing, and no more asks mark its commands as sent.
  res.on('close', () => {
    if (!done) stop();
  });
  await ask();
}

/**
 * The commands an answer marked as sent while its agent went away (the ask was under way when the request closed)
 * are pending again, for the agent's next poll: they never reached it.
 */
async function giveBack(backend: Backend, answer: Response): Promise<void> {
  if (answer.status !== 200) return;
  const body = (await answer.json()) as { items?: { id?: unknown }[] };
  const ids = (body.items ?? []).map((item) => String(item.id));
  if (ids.length === 0) return;
  await backend.transact(async ({ commands }) => {
    const sent = (await Promise.all(ids.map((id) => commands.get(id)))).filter((command) => command?.status === 'sent');
    await commands.put(sent.flatMap((command) => (command ? [{ ...command, status: 'pending' as const }] : [])));
  });
}

const failed = () =>
  new Response(errorJson('The server failed to answer', { code: 'internal' }), {
    status: 500,
    headers: { 'Content-Type': 'application/json' },
  });
