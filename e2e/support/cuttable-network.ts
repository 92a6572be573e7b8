import net from 'node:net';

/**
 * A TCP relay between one browser context and the server whose connections a journey can cut, as
 * when a phone loses its signal: `cut()` ends every open connection (an SSE stream included) and
 * refuses new ones until `restore()`. The browser's own offline mode cannot stand in: it keeps
 * connections that are already open.
 */
export interface CuttableNetwork {
  /** The server's address through the relay, e.g. http://127.0.0.1:41234. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function cuttableNetworkTo(serverUrl: string): Promise<CuttableNetwork> {
  const target = new URL(serverUrl);
  const open = new Set<net.Socket>();
  let down = false;
  const relay = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;
  return {
    // The server's own host name, so the browser sends the same cookies through the relay.
    url: `${target.protocol}//${target.hostname}:${port}`,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
