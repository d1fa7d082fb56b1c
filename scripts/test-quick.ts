/**
 * `npm run test:quick`: lint and type check side by side, then the unit tests. ESLint and
 * `astro check` each keep one core busy, so on two cores they take the type check's time rather
 * than the sum of both (docs/testing.md "Measured times"). Lint's output is held and printed in
 * one block when it ends, so the two never interleave. Stops before the unit tests when either
 * failed.
 */
import { spawn } from 'node:child_process';

function run(script: string, hold: boolean): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ ok: code === 0, output }));
  });
}

const [lint, typecheck] = await Promise.all([run('lint', true), run('typecheck', false)]);
process.stdout.write(lint.output);
const failed = [lint.ok ? null : 'lint', typecheck.ok ? null : 'typecheck'].filter(Boolean);
if (failed.length > 0) {
  process.stderr.write(`[test:quick] ${failed.join(' and ')} failed: the unit tests were not run\n`);
  process.exit(1);
}
const unit = await run('test:unit', false);
process.exit(unit.ok ? 0 : 1);
