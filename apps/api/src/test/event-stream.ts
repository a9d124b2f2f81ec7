/**
 * A live stream (tRPC subscription over server-sent events) opened as a browser would, collecting
 * what it is sent:
 *
 *   const stream = openEventStream(shop.baseUrl, 'liveEvents.staff', admin.cookie);
 *   await stream.connected;                   // the server has accepted it
 *   await expect.poll(() => stream.events).toContainEqual({ type: 'order.placed', … });
 *   stream.close();
 *
 * A refused stream is answered 200, `connected`, then an error event: `failure` resolves with it.
 */
export interface EventStream<T> {
  events: T[];
  connected: Promise<void>;
  /** The error the server ended the stream with (`{ code: 'FORBIDDEN', httpStatus: 403 }`). */
  failure: Promise<{ code?: string; httpStatus?: number; message?: string }>;
  /** Resolves when the server ends the stream (its `return` event, or the connection closing). */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream<T = unknown>(
  baseUrl: string,
  path: string,
  cookie?: string,
  headers: Record<string, string> = {},
): EventStream<T> {
  const hangUp = new AbortController();
  const events: T[] = [];
  let onConnected!: () => void;
  let onFailure!: (error: { code?: string; httpStatus?: number; message?: string }) => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const failure = new Promise<{ code?: string; httpStatus?: number; message?: string }>(
    (resolve) => (onFailure = resolve),
  );
  let onEnded!: () => void;
  const ended = new Promise<void>((resolve) => (onEnded = resolve));
  void (async () => {
    const response = await fetch(`${baseUrl}/trpc/${path}`, {
      headers: { accept: 'text/event-stream', ...(cookie && { cookie }), ...headers },
      signal: hangUp.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return onEnded();
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (block.includes('event: connected')) onConnected();
        else if (block.includes('event: return')) onEnded();
        else if (block.includes('event: serialized-error') && data) {
          const error = JSON.parse(data) as {
            message?: string;
            data?: { code?: string; httpStatus?: number };
          };
          onFailure({ code: error.data?.code, httpStatus: error.data?.httpStatus, message: error.message });
        } else if (data && !block.includes('event:')) events.push(JSON.parse(data) as T);
      }
    }
  })().catch(() => undefined);
  return { events, connected, failure, ended, close: () => hangUp.abort() };
}
