/** One server-sent event as a browser's EventSource would hand it over. */
export interface ReceivedEvent {
  event: string;
  data: unknown;
}

/**
 * A real HTTP client of `GET /api/events`: reads the stream as it arrives and parses the events,
 * the way EventSource does (comment lines, such as heartbeats, are counted apart).
 */
export async function openEventStream(baseUrl: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  const received: ReceivedEvent[] = [];
  let comments = 0;
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());

  const pump = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments++;
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) received.push({ event, data: JSON.parse(data) });
          wake();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      wake();
    }
  })();

  /** Resolves when `check` holds (checked on every event, and every 20 ms for outside state), or rejects after `timeoutMs`. */
  const until = (check: () => boolean, what: string, timeoutMs = 5000) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      const finish = (error?: Error) => {
        clearTimeout(timer);
        clearInterval(poll);
        waiters.delete(waiter);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => finish(new Error(`timed out waiting for ${what}; received ${JSON.stringify(received)}`)), timeoutMs);
      const waiter = () => {
        if (check()) finish();
      };
      const poll = setInterval(waiter, 20);
      waiters.add(waiter);
    });

  return {
    response,
    received,
    get comments() {
      return comments;
    },
    get ended() {
      return ended;
    },
    /** Waits for an event of this type whose data matches `match` (a subset), and returns it. */
    async next(event: string, match: Record<string, unknown> = {}, timeoutMs?: number): Promise<ReceivedEvent> {
      const found = () =>
        received.find((r) => r.event === event && Object.entries(match).every(([k, v]) => (r.data as Record<string, unknown>)[k] === v));
      await until(() => !!found(), `${event} ${JSON.stringify(match)}`, timeoutMs);
      return found()!;
    },
    until,
    async close() {
      abort.abort();
      await pump;
    },
  };
}
