/**
 * Work a server does on a timer (the unit-status sweep): one run at a time, a failure logged and the next
 * run tried again, never two runs overlapping when one takes longer than the period.
 */
export interface Periodic {
  stop(): Promise<void>;
}

export function every(periodMs: number, name: string, task: () => Promise<unknown>): Periodic {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => console.error(`${name} failed`, error))
      .finally(() => {
        running = null;
      });
  }, periodMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
