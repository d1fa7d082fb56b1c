/**
 * `npm run lock:platforms`, after any `npm install` that changes package-lock.json.
 *
 * Native packages list a build per platform as optional dependencies. When the registry a lock
 * is made against lacks some of those builds (as the registry mirror our machines use does for
 * @astrojs/compiler-binding), npm leaves them out of the lock, and `npm ci` then refuses the lock
 * as out of sync. This records each missing build with the os/cpu its name says, so npm knows
 * it and skips it on every other platform, exactly as it would a build it had resolved.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const OSES = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPUS = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'riscv64', 's390x', 'ppc64', 'loong64'];

interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, LockEntry> };
const added: string[] = [];
for (const [, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const parts = name.split('/').pop()!.split('-');
    const os = parts.find((p) => OSES.includes(p));
    const cpu = parts.find((p) => CPUS.includes(p));
    if (!os && !cpu) continue;
    const record: LockEntry = { version: range.replace(/^[~^=]/, ''), optional: true };
    // wasm builds run anywhere Node does, but only when no native build fits; never pick them.
    record.os = [os ?? 'wasi'];
    record.cpu = [cpu ?? 'wasm32'];
    if (parts.includes('musl')) record.libc = ['musl'];
    else if (parts.includes('gnu')) record.libc = ['glibc'];
    lock.packages[key] = record;
    added.push(name);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(added.length ? `recorded ${added.length} platform builds: ${added.join(', ')}\n` : 'the lock already lists every platform build\n');
