import type { Page } from '@playwright/test';
import type { LiveEvent } from '../../../machines/domain/types';

/**
 * Records what `GET /api/events` (text/event-stream) sends to a signed-in page: a fetch reader in the page itself,
 * with the page's own bearer token (localStorage `accessToken`), as the app reads it. When the stream ends (an expired
 * token) it opens again with `Last-Event-ID`, so the recording has every event the caller was sent.
 *
 * It parses frames itself (`id:`, `event:`, `data:` lines, a blank line between frames, `:` comments skipped), not with
 * the app's parser: the recording checks what the server wrote, not what the app understood.
 */

export interface StreamFrame {
  id: string;
  event: string;
  data: string;
}

interface RecorderState {
  frames: StreamFrame[];
  /** The status of every stream opened. */
  opened: number[];
  errors: string[];
  stop: () => void;
}

type RecordingWindow = Window & { __e2eEventStream?: RecorderState };

export interface EventStreamRecording {
  /** The statuses of the streams opened so far (200 once the first is open). */
  opened(): Promise<number[]>;
  /** Every frame received so far, with its data parsed. */
  events(): Promise<LiveEvent[]>;
  /** The raw frames, for messages. */
  frames(): Promise<StreamFrame[]>;
  stop(): Promise<void>;
}

export async function recordEventStream(page: Page): Promise<EventStreamRecording> {
  await page.evaluate(() => {
    const w = window as RecordingWindow;
    const controller = new AbortController();
    let stopped = false;
    const state: RecorderState = {
      frames: [],
      opened: [],
      errors: [],
      stop: () => {
        stopped = true;
        controller.abort();
      },
    };
    w.__e2eEventStream = state;
    let lastId = '';
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
    const parse = (block: string) => {
      const frame: StreamFrame = { id: '', event: 'message', data: '' };
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'id') frame.id = value;
        else if (field === 'event') frame.event = value;
        else if (field === 'data') frame.data = frame.data ? `${frame.data}\n${value}` : value;
      }
      return frame;
    };
    const run = async () => {
      while (!stopped) {
        try {
          const headers: Record<string, string> = {
            authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
            accept: 'text/event-stream',
          };
          if (lastId) headers['last-event-id'] = lastId;
          const response = await fetch('/api/events', { headers, signal: controller.signal });
          state.opened.push(response.status);
          if (!response.ok || !response.body) {
            await pause(1000);
            continue;
          }
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value.replace(/\r\n?/g, '\n');
            let cut = buffer.indexOf('\n\n');
            while (cut >= 0) {
              const frame = parse(buffer.slice(0, cut));
              buffer = buffer.slice(cut + 2);
              if (frame.data !== '') {
                state.frames.push(frame);
                if (frame.id) lastId = frame.id;
              }
              cut = buffer.indexOf('\n\n');
            }
          }
        } catch (error) {
          if (stopped) return;
          state.errors.push(String(error));
        }
        await pause(500);
      }
    };
    void run();
  });
  const field = <K extends 'frames' | 'opened' | 'errors'>(key: K) =>
    page.evaluate((k) => {
      const state = (window as RecordingWindow).__e2eEventStream;
      if (!state) throw new Error('No event stream recording in this page');
      return state[k];
    }, key) as Promise<RecorderState[K]>;
  return {
    opened: () => field('opened'),
    frames: () => field('frames'),
    async events() {
      const frames = await field('frames');
      return frames.map((frame) => JSON.parse(frame.data) as LiveEvent);
    },
    async stop() {
      await page.evaluate(() => (window as RecordingWindow).__e2eEventStream?.stop()).catch(() => undefined);
    },
  };
}
