/**
 * The commands' `.env`: read when present, with Node's own loader (process.loadEnvFile), which
 * leaves every variable the real environment already has alone, empty ones included, so the
 * environment always wins over the file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Loads `<cwd>/.env` into process.env if there is one; answers its path, or null. */
export function loadDotEnv(cwd = process.cwd()): string | null {
  const file = path.join(cwd, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
