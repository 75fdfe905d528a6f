import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * One process's resident memory, in MiB, split the way the kernel counts it
 * (`/proc/<pid>/status` and `/proc/<pid>/smaps`), so a reader does not take SQLite's
 * memory-mapped database file for memory the process holds (decision 0095):
 * - `rss`: everything resident (VmRSS), what `top` and `ps` show;
 * - `anon`: the process's own memory (RssAnon): the JavaScript heap, Node's and
 *   SQLite's native allocations (SQLite's page cache among them), stacks; what it would
 *   need in swap, and what grows if it leaks;
 * - `file`: file pages mapped into it (RssFile): Node's own binary and libraries, and
 *   the database file SQLite reads through `mmap_size`. The kernel shares them with
 *   its file cache and drops them when memory is short, without writing anything;
 * - `database`: the part of `file` that is the database file (and its `-shm` index),
 *   summed over the mappings whose path is the store (0 on PostgreSQL, whose server
 *   is another process);
 * - `shmem`: shared memory mapped into it (RssShmem).
 */
export interface ProcessMemory {
  rss: number;
  anon: number;
  file: number;
  database: number;
  shmem: number;
}

/**
 * The allocator setting `npm start` (scripts/start.mjs) runs the server with, unless the
 * environment sets its own (decision 0098): glibc hands each allocation of 64 KiB or more
 * (a page of list answer, its compressed forms) its own mapping, given back to the
 * system when freed, instead of keeping the freed memory in its heap after a load. The
 * benches that start the built server start it the same way.
 */
/** The node flags `npm start` gives the server (scripts/start.mjs; decision 0113): its heap's limit. */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=1024'];

export const SERVER_ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '65536' };

const MIB = 1024;

/** A field of `/proc/<pid>/status` in kB (0 when the kernel does not report it). */
function statusKb(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  return match ? Number(match[1]) : 0;
}

/**
 * The resident kB of the mappings of files whose path starts with `pathPrefix`
 * (the database file, its `-wal` and `-shm`), summed over `/proc/<pid>/smaps`.
 */
function mappedFileKb(pid: number, pathPrefix: string): number {
  let smaps: string;
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return 0;
  }
  let total = 0;
  let counting = false;
  for (const line of smaps.split('\n')) {
    // A mapping's header: `start-end perms offset dev inode [path]`.
    const header = /^[0-9a-f]+-[0-9a-f]+\s\S+\s\S+\s\S+\s\d+\s*(.*)$/.exec(line);
    if (header) {
      counting = (header[1] ?? '').startsWith(pathPrefix);
      continue;
    }
    if (counting && line.startsWith('Rss:')) total += Number(/(\d+)/.exec(line)?.[1] ?? 0);
  }
  return total;
}

/**
 * Process `pid`'s memory now, or null once it has gone. `databasePath` is the SQLite
 * store's absolute path (omit it on PostgreSQL).
 */
export function processMemory(pid: number, databasePath?: string): ProcessMemory | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const round = (kb: number) => Math.round((kb / MIB) * 10) / 10;
  return {
    rss: round(statusKb(status, 'VmRSS')),
    anon: round(statusKb(status, 'RssAnon')),
    file: round(statusKb(status, 'RssFile')),
    database: databasePath ? round(mappedFileKb(pid, databasePath)) : 0,
    shmem: round(statusKb(status, 'RssShmem')),
  };
}

/** The absolute path of a `sqlite:` store, as the kernel names its mappings; undefined for PostgreSQL. */
export function sqlitePathOf(databaseUrl: string, cwd: string): string | undefined {
  if (!databaseUrl.startsWith('sqlite:')) return undefined;
  const path = resolve(cwd, databaseUrl.slice('sqlite:'.length));
  // The kernel names a mapping by the file's real path.
  return existsSync(path) ? realpathSync(path) : path;
}

/** The ids of the processes whose parent is `pid` (the workers of a `cluster` primary), from /proc. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (command) state ppid …`: the parent is the second field after the command.
      const afterCommand = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1] ?? '';
      if (Number(afterCommand.split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** One process's memory at one moment of a bench, for its table. */
export interface MemoryReading extends ProcessMemory {
  /** What was measured (the store, the database). */
  label: string;
  /** Which process, when there are several. */
  process: string;
  /** When: after start, the peak under the load, after the load. */
  moment: string;
}

/** The largest of each field over `readings` (each field's own peak: they need not coincide). */
export function peakOf(readings: ProcessMemory[]): ProcessMemory {
  const peak = (field: keyof ProcessMemory) => Math.max(0, ...readings.map((reading) => reading[field]));
  return { rss: peak('rss'), anon: peak('anon'), file: peak('file'), database: peak('database'), shmem: peak('shmem') };
}

/** Prints memory readings as a Markdown table (pasted into docs/performance.md). */
export function printMemoryReadings(readings: MemoryReading[]): void {
  console.log(
    '| store | process | moment | RSS MiB | own memory (RssAnon) MiB | mapped files (RssFile) MiB | of which the database file MiB |',
  );
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of readings)
    console.log(`| ${r.label} | ${r.process} | ${r.moment} | ${r.rss} | ${r.anon} | ${r.file} | ${r.database} |`);
}
