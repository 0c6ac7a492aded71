import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';

/**
 * A client of `GET /api/events` for the server's tests: it reads the stream as it comes and parses the
 * frames itself (id, event, data lines; comments kept apart), so a test checks what the server wrote.
 */

export interface Frame {
  id: string | null;
  event: string | null;
  data: string | null;
  retry: string | null;
}

export interface OpenedStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every frame so far (an `id:`-only or `retry:` frame too). */
  readonly frames: Frame[];
  /** Comment lines so far (`: keepalive`). */
  readonly comments: string[];
  /** The body so far, for a refusal or a failure's message. */
  readonly text: string;
  /** Whether the server ended the stream. */
  readonly ended: boolean;
  /** Resolves with the first frame that matches, waiting up to timeoutMs. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves when the server ends the stream. */
  closed(timeoutMs?: number): Promise<void>;
  close(): void;
}

export interface StreamCall {
  token?: string;
  lastEventId?: string;
  query?: string;
  headers?: Record<string, string>;
}

function parseFrame(block: string): { frame: Frame | null; comments: string[] } {
  const frame: Frame = { id: null, event: null, data: null, retry: null };
  const comments: string[] = [];
  let fields = 0;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id' || field === 'event' || field === 'retry') frame[field] = value;
    else if (field === 'data') frame.data = frame.data === null ? value : `${frame.data}\n${value}`;
    else continue;
    fields += 1;
  }
  return { frame: fields > 0 ? frame : null, comments };
}

export function openStream(base: string, { token, lastEventId, query = '', headers = {} }: StreamCall = {}): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const frames: Frame[] = [];
    const comments: string[] = [];
    let text = '';
    let buffer = '';
    let ended = false;
    const waiters = new Set<() => void>();
    const poke = () => waiters.forEach((waiter) => waiter());
    const req: ClientRequest = httpRequest(new URL(`/api/events${query}`, base), {
      headers: {
        accept: 'text/event-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        ...headers,
      },
    });
    req.on('error', (error) => {
      if (!ended) reject(error);
    });
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const parsed = parseFrame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          if (parsed.frame) frames.push(parsed.frame);
          comments.push(...parsed.comments);
          cut = buffer.indexOf('\n\n');
        }
        poke();
      });
      const finish = () => {
        ended = true;
        poke();
      };
      res.on('end', finish);
      res.on('close', finish);
      const waitFor = <T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
        new Promise((done, fail) => {
          const check = () => {
            const value = found();
            if (value !== undefined) {
              waiters.delete(check);
              clearTimeout(timer);
              done(value);
            }
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`${what} did not come in ${timeoutMs} ms; the stream's last frames:\n${text.slice(-3_000)}`));
          }, timeoutMs);
          waiters.add(check);
          check();
        });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        frames,
        comments,
        get text() {
          return text;
        },
        get ended() {
          return ended;
        },
        next: (match, timeoutMs = 5_000) => waitFor(() => frames.find(match), timeoutMs, 'The frame'),
        closed: (timeoutMs = 5_000) => waitFor(() => (ended ? true : undefined), timeoutMs, 'The end of the stream').then(() => undefined),
        close() {
          ended = true;
          req.destroy();
        },
      });
    });
    req.end();
  });
}

/** The LiveEvent a frame carries. */
export const eventOf = <
  T = { id: string; type: string; organizationId: string | null; subjectId: string; unitId: string | null; data: Record<string, unknown> },
>(
  frame: Frame,
): T => JSON.parse(frame.data ?? 'null') as T;
