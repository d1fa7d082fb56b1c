/** `npm run admin -- create|grant|revoke|disable|enable|list ...`: see src/server/admin-command.ts. */
import { runAdminCommand } from '../src/server/admin-command.ts';
import { loadDotEnv } from '../src/server/env-file.ts';

loadDotEnv();
process.exitCode = await runAdminCommand(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
