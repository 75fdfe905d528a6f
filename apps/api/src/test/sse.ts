import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * Reads a server-sent event stream opened with `app.inject({ payloadAsStream: true })`:
 * the events in order, as they arrive. No timing: `next()` waits for the next event
 * (the test's own timeout fails a stream that never sends one).
 */
export interface EventReader {
  status: number;
  headers: Record<string, unknown>;
  /** The next event's name and parsed data; null once the stream ended. */
  next(): Promise<{ event: string; data: unknown } | null>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Stops reading (the client goes away). */
  close(): void;
}

/** Opens `url` on `app` as a stream with `headers`. */
export async function openEventStream(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<EventReader> {
  const res = await app.inject({ method: 'GET', url, headers, payloadAsStream: true });
  const stream = res.stream() as Readable;
  const queue: { event: string; data: unknown }[] = [];
  const waiting: ((value: { event: string; data: unknown } | null) => void)[] = [];
  let buffer = '';
  let done = false;
  let endResolve: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    endResolve = resolve;
  });
  const finish = () => {
    if (done) return;
    done = true;
    endResolve();
    for (const resolve of waiting.splice(0)) resolve(null);
  };
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      if (event === undefined || data === undefined) continue;
      const item = { event, data: JSON.parse(data) as unknown };
      const resolve = waiting.shift();
      if (resolve) resolve(item);
      else queue.push(item);
    }
  });
  stream.on('end', finish);
  stream.on('close', finish);
  stream.on('error', finish);
  if (res.statusCode !== 200) stream.resume();
  return {
    status: res.statusCode,
    headers: res.headers,
    next: () => {
      const item = queue.shift();
      if (item) return Promise.resolve(item);
      if (done) return Promise.resolve(null);
      return new Promise((resolve) => waiting.push(resolve));
    },
    ended,
    close: () => stream.destroy(),
  };
}
