// Loaded into the server's process by the benchmark's memory part (NODE_OPTIONS=--import), and
// only there: on SIGUSR2 it writes what the process's memory holds to BENCH_MEMORY_FILE, so the
// heap can be read from outside. It forces no garbage collection: the figures are the server's own.
import fs from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
const isServer = (process.argv[1] ?? '').endsWith('start.mjs');
if (file !== undefined && isServer) {
  process.on('SIGUSR2', () => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    fs.writeFileSync(file, JSON.stringify({ rss, heapUsed, heapTotal, external, at: Date.now() }));
  });
}
