import type { ServerResponse } from 'node:http';
import type { Backend } from '../backend';

/**
 * `GET /api/events` on the server: a server-sent event stream kept open. It holds no rule of its own:
 * every page of events comes from the backend's `GET /api/events/recent` with the caller's own headers,
 * so authentication, locking and the per-caller filter (`can()`) are the domains', the same as polling.
 * It asks again on every wake-up of the hub, and at each keepalive (which also ends the stream soon after
 * the token expires or the session is locked: `event: end`).
 */

export interface StreamOptions {
  /** The caller's headers (authorization, language, address), as the backend would get them. */
  headers: Record<string, string>;
  /** Where to resume: Last-Event-ID, else the `after` query parameter; null: from now. */
  after: string | null;
  /** CORS and security headers every answer carries. */
  answerHeaders: Record<string, string>;
  /** Sends a whole (non-stream) answer: a refusal of the first page. */
  send(answer: Response): void;
  keepaliveMs?: number;
}

/** Events per page asked of the backend (the contract's largest). */
const PAGE = 500;
/** Above this much unsent output the client is not reading: the stream ends, and it resumes with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
export const KEEPALIVE_MS = 15_000;
/** The least time between two asks of one stream, when wake-ups keep coming. */
const MIN_ASK_GAP_MS = 100;
/** A reconnecting EventSource waits this long. */
const RETRY_MS = 3_000;

interface EventPage {
  items: { id: string; type: string }[];
  lastId: string;
}

const frame = (event: { id: string; type: string }) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** Whether a refusal means this caller may not read any more (the stream ends), not a passing failure. */
const ends = (status: number) => status === 401 || status === 403 || status === 423;

export async function serveEventStream(backend: Backend, res: ServerResponse, options: StreamOptions): Promise<void> {
  const ask = (after: string | null) =>
    backend.handle(
      new Request(`http://localhost/api/events/recent?${after === null ? '' : `after=${encodeURIComponent(after)}&`}limit=${PAGE}`, {
        headers: { ...options.headers, accept: 'application/json' },
      }),
    );

  // Listening before the first page is read: a commit while it is read is not missed.
  let started = false;
  let missed = false;
  const unsubscribe = backend.events.subscribe((wake) => {
    if (!wake.events) return;
    if (started) void pull();
    else missed = true;
  });
  let first: Response;
  try {
    first = await ask(options.after);
  } catch (error) {
    unsubscribe();
    throw error;
  }
  if (first.status !== 200 || res.destroyed) {
    unsubscribe();
    options.send(first);
    return;
  }
  res.writeHead(200, {
    ...options.answerHeaders,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    // nginx and proxies like it would hold the frames back otherwise.
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  res.flushHeaders();

  const page = JSON.parse(await first.text()) as EventPage;
  // Without a place to resume from, the stream starts at the newest event: an `id:` alone tells an
  // EventSource where that is (it dispatches nothing), so its reconnect misses nothing.
  res.write(`retry: ${RETRY_MS}\n${options.after === null ? `id: ${page.lastId}\n` : ''}\n`);
  let cursor = page.lastId;
  let closed = false;
  let followUp: NodeJS.Timeout | undefined;

  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(keepalive);
    clearTimeout(followUp);
    if (!res.writableEnded) res.end();
  };

  /** Writes a page's frames; whether a full page means more are waiting. */
  const deliver = (next: EventPage): boolean => {
    if (next.items.length > 0) res.write(next.items.map(frame).join(''));
    cursor = next.lastId;
    if (res.writableLength > MAX_BUFFERED_BYTES) close();
    return next.items.length >= PAGE;
  };

  // One ask at a time; wake-ups during one ask for exactly one more after it.
  let asking = false;
  let again = false;
  const pull = async (): Promise<void> => {
    // A follow-up is already due: it reads what this wake-up announced.
    if (closed || followUp !== undefined) return;
    if (asking) {
      again = true;
      return;
    }
    asking = true;
    try {
      let more = true;
      while (more && !closed) {
        const answer = await ask(cursor);
        if (closed) return;
        if (answer.status === 200) {
          more = deliver((await answer.json()) as EventPage);
        } else {
          if (ends(answer.status)) {
            // One data line: a raw line break would end the field (JSON escapes those inside strings).
            res.write(`event: end\ndata: ${(await answer.text()).replace(/\r?\n/g, ' ') || '{}'}\n\n`);
            close();
          }
          more = false;
        }
      }
    } catch (error) {
      console.error('The event stream could not read events', error);
    } finally {
      asking = false;
      if (again && !closed) {
        again = false;
        // A burst of commits (hundreds of agents reporting) is read in a few pages, not one ask per commit.
        followUp = setTimeout(() => {
          followUp = undefined;
          void pull();
        }, MIN_ASK_GAP_MS);
      }
    }
  };

  const keepalive = setInterval(() => {
    if (closed) return;
    res.write(': keepalive\n\n');
    void pull();
  }, options.keepaliveMs ?? KEEPALIVE_MS);
  res.on('close', close);
  started = true;
  if (deliver(page) || missed) void pull();
}
