// A TCP relay on 127.0.0.1 in front of a real server (PostgreSQL), that a test
// can cut and restore: the database "going away" as a network or a restart
// would make it, with the product's own driver meeting the real failure.
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones until `restore`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  };
  let server = net.createServer(relay);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return {
    port,
    cut: stop,
    async restore() {
      server = net.createServer(relay);
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
