import cluster from 'node:cluster';

/**
 * The built server (`SERVER_ENTRY`, apps/api/dist/main.js) as `API_PROCESSES` worker
 * processes behind one port (Node's `cluster`: the primary accepts each connection and
 * hands it to the workers in turn). Used by apps/api/bench/http-load.ts to measure two
 * API processes on one PostgreSQL database. SIGTERM stops the workers, then the primary.
 */
if (cluster.isPrimary) {
  const count = Number(process.env.API_PROCESSES ?? 2);
  cluster.setupPrimary({ exec: process.env.SERVER_ENTRY, execArgv: process.execArgv });
  for (let i = 0; i < count; i += 1) cluster.fork();
  let stopping = false;
  cluster.on('exit', () => {
    if (!stopping) process.exitCode = 1;
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  });
  process.on('SIGTERM', () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  });
}
