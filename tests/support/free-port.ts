import net from 'node:net';

/**
 * A port nothing listens on right now, found by letting the system pick one and letting it go.
 * Another process could take it before the caller does; callers that start a server on it
 * either own the machine for the run or retry on another port.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('No free port.'))));
    });
  });
}
