/** `npm run admin -- create|grant|revoke|disable|enable|list ...`: see src/server/commands/admin.ts. */
import { runAdminCommand } from '../src/server/commands/admin.ts';
import { loadDotEnv } from '../src/server/env-file.ts';

loadDotEnv();
process.exitCode = await runAdminCommand(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
