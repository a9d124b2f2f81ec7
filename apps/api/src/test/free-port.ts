import { createServer } from 'node:net';

/**
 * A TCP port nobody listens on right now, for a server a test or script starts as a child
 * process (its port must be known before it starts; a server in this process listens on port 0).
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
