/** The lint rule that enforces the layer table (eslint/layers.js, docs/architecture.md) really reports a breach. */
import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(process.cwd(), file) });
  return result!.messages.filter((m) => m.ruleId === 'shop/layers').map((m) => m.message);
}

describe('import rules', () => {
  // Loading the config and its parsers (TypeScript, Astro) takes seconds on a busy machine: once, before the cases.
  beforeAll(() => lint('src/domain/warm.ts', 'export {};\n').then(() => lint('src/pages/warm.astro', '<script>\n  export {};\n</script>\n')), 60_000);

  /** `import { name } from 'source'` in `file`, the name used so nothing else is reported. */
  const importIn = (source: string, name: string) => `import { ${name} } from '${source}';\nexport const x = ${name};\n`;
  const pageScript = (source: string) => `---\nconst title = 'x';\n---\n<h1>{title}</h1>\n<script>\n  import { watchCart } from '${source}';\n  watchCart();\n</script>\n`;

  it.each([
    // Server code in the browser layers, and the browser layers among themselves.
    ['src/islands/Bad.tsx', importIn('../server/app.ts', 'buildApp'), 'refused'],
    ['src/stores/bad.ts', importIn('../server/services/cart.ts', 'CartService'), 'refused'],
    ['src/client/bad.ts', importIn('../stores/currency.ts', 'x'), 'refused'],
    // The domain stays pure.
    ['src/domain/bad.ts', importIn('../client/http.ts', 'CODES'), 'refused'],
    ['src/domain/bad.ts', importIn('node:fs', 'readFileSync'), 'refused'],
    // The server does not reach into the browser layers.
    ['src/server/services/bad.ts', importIn('../../stores/currency.ts', 'x'), 'refused'],
    // An Astro page's <script>, resolved from the .astro file.
    ['src/pages/[locale]/bad.astro', pageScript('../../stores/cart.ts'), 'refused'],
    // Plain DOM scripts and islands stay apart.
    ['src/islands/Bad.tsx', importIn('../scripts/app-shell.ts', 'x'), 'refused'],
    ['src/scripts/bad.ts', importIn('../server/app.ts', 'buildApp'), 'refused'],
    ['src/scripts/bad.ts', importIn('node:fs', 'readFileSync'), 'refused'],
    // A server module reaches another only through its public entry.
    ['src/server/modules/checkout/bad.ts', importIn('../cart/cart.ts', 'CartService'), 'refused'],
    ['src/server/modules/checkout/bad.ts', importIn('../../db/schema.ts', 'orders'), 'refused'],
    // No upward imports inside the server.
    ['src/server/http/bad.ts', importIn('../modules/cart/index.ts', 'CartService'), 'refused'],
    ['src/server/mail/bad.ts', importIn('../app.ts', 'API_PREFIX'), 'refused'],
    ['src/server/modules/cart/bad.ts', importIn('../../app.ts', 'API_PREFIX'), 'refused'],
    ['src/server/config.ts', importIn('./modules/payments/simulator.ts', 'SIM_PREFIX'), 'refused'],
    ['src/server/hosting/bad.ts', importIn('../modules/site/index.ts', 'SiteBuilds'), 'refused'],
    // Allowed.
    ['src/pages/[locale]/ok.astro', pageScript('../../scripts/cart-page.ts'), 'allowed'],
    ['src/stores/ok.ts', importIn('../domain/api/envelope.ts', 'CODES'), 'allowed'],
    ['src/islands/Ok.tsx', importIn('../domain/money.ts', 'formatMoney'), 'allowed'],
    ['src/scripts/ok.ts', importIn('../stores/cart-header.ts', '$cartCount'), 'allowed'],
    // What a script draws late: the illustrations' markup.
    ['src/scripts/ok.ts', importIn('../components/browse/illustrations.ts', 'GROUND'), 'allowed'],
    ['src/server/modules/checkout/ok.ts', importIn('../cart/index.ts', 'CartService'), 'allowed'],
    ['src/server/modules/cart/ok.ts', importIn('./schema.ts', 'cartItems'), 'allowed'],
    ['src/server/modules/orders/schema.ts', importIn('../accounts/schema.ts', 'users'), 'allowed'],
    ['src/server/db/schema.ts', "export * from '../modules/cart/schema.ts';\n", 'allowed'],
    ['src/server/services/ok.ts', importIn('../../domain/api/envelope.ts', 'CODES'), 'allowed'],
    ['src/server/commands/ok.ts', importIn('../modules/staff/index.ts', 'StaffDesk'), 'allowed'],
    ['src/build/ok.ts', importIn('../server/hosting/host-rules.ts', 'hostSettings'), 'allowed'],
  ] as const)('in %s: %s is %s', async (file, code, verdict) => {
    expect(await lint(file, code)).toHaveLength(verdict === 'refused' ? 1 : 0);
  });
});
