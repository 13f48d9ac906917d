import net from 'node:net';

/** True when nothing listens on `host:port` (we could bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}

/** A port the OS considers free right now. */
export function getFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port found'))));
    });
  });
}

export interface ChosenPort {
  port: number;
  /** True when `preferred` was taken and another port was picked. */
  fallback: boolean;
}

/** `preferred` when it is free, else any free port (port 0 always means "any"). */
export async function choosePort(preferred: number, host = '127.0.0.1'): Promise<ChosenPort> {
  if (preferred === 0) return { port: await getFreePort(host), fallback: false };
  if (await isPortFree(preferred, host)) return { port: preferred, fallback: false };
  return { port: await getFreePort(host), fallback: true };
}

/** True when a TCP connection to `host:port` succeeds within `timeoutMs`. */
export function canConnect(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
