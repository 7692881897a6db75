import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    public readonly lockFile: string,
    public readonly holder: LockInfo,
  ) {
    super(
      `The data directory is in use by another Vayu server (pid ${holder.pid} on ${holder.host}, ` +
        `started ${holder.startedAt}). Stop that server first, or give this one its own DATA_DIR. ` +
        `If you are sure no server uses it, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  file: string;
  release(): void;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isOlderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > ms;
  } catch {
    return true;
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockInfo>;
    if (typeof info.pid !== 'number' || typeof info.host !== 'string') return null;
    return { pid: info.pid, host: info.host, startedAt: String(info.startedAt ?? 'unknown') };
  } catch {
    return null;
  }
}

/**
 * Takes the exclusive lock on the embedded database directory. The embedded
 * database has no lock of its own, and two processes writing one directory
 * lose committed rows. A lock whose process no longer runs on this host (a
 * crash or SIGKILL) is stale and taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'vayu.lock');
  const mine: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          const current = readLock(file);
          if (current?.pid === mine.pid && current.host === mine.host) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(file);
    if (holder === null) {
      // Unreadable: either another server is writing it this instant, or one crashed while writing it.
      if (!isOlderThan(file, 2000))
        throw new DataDirLockedError(file, { pid: -1, host: 'unknown', startedAt: 'just now' });
    } else {
      const isStale =
        holder.host === mine.host && (holder.pid === process.pid || !isProcessAlive(holder.pid));
      if (!isStale) throw new DataDirLockedError(file, holder);
    }
    rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
