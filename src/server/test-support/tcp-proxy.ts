import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, in the fault tests) that a test can cut, as if
 * the server had stopped: open connections are reset and new ones refused, until `restore`;
 * or freeze, as if the server hung (SIGSTOP): connections stay open and new ones are accepted,
 * but nothing passes either way until `thaw`, which delivers what was held, in order.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private frozen = false;
  private held: (() => void)[] = [];

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const proxy = new TcpProxy(port, target);
    await proxy.restore();
    return proxy;
  }

  /** Accepts connections again and forwards them to the target. */
  async restore(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      this.forward(client, upstream);
      this.forward(upstream, client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  private forward(from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk: Buffer) => {
      const write = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (this.frozen) this.held.push(write);
      else write();
    });
  }

  /** The target hangs: it accepts connections and reads, and answers nothing. */
  freeze(): void {
    this.frozen = true;
  }

  /** The target wakes up: what was held goes through, in order, and from now on everything. */
  thaw(): void {
    this.frozen = false;
    for (const write of this.held.splice(0)) write();
  }

  /** The target "stops": every connection is reset, and new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
