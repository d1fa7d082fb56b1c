/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file with the owner's pid stops that with a clear message; a stale lock (its process
 * gone) is taken over.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function acquireDataLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      const release = () => rm(lockPath, { force: true });
      // Best effort on exits that skip the release; a stale lock is also detected by pid.
      process.once('exit', () => rmSync(lockPath, { force: true }));
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(lockPath, 'utf8').catch(() => ''));
      if (owner && owner !== process.pid && alive(owner)) {
        throw new Error(`another shop process (pid ${owner}) is using ${dataDir}; stop it first or set DATA_DIR to another folder`, { cause: error });
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
