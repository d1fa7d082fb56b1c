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

  it('refuses server code in the browser layers', async () => {
    expect(await lint('src/islands/Bad.tsx', "import { buildApp } from '../server/app.ts';\nexport const x = buildApp;\n")).toHaveLength(1);
    expect(await lint('src/stores/bad.ts', "import { CartService } from '../server/services/cart.ts';\nexport const x = CartService;\n")).toHaveLength(1);
    expect(await lint('src/client/bad.ts', "import x from '../stores/currency.ts';\nexport default x;\n")).toHaveLength(1);
  });

  it('keeps the domain pure', async () => {
    expect(await lint('src/domain/bad.ts', "import { CODES } from '../client/http.ts';\nexport const x = CODES;\n")).toHaveLength(1);
    expect(await lint('src/domain/bad.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toHaveLength(1);
  });

  it('refuses the server reaching into the browser layers', async () => {
    expect(await lint('src/server/services/bad.ts', "import x from '../../stores/currency.ts';\nexport default x;\n")).toHaveLength(1);
  });

  it('reads the imports of an Astro page\'s <script>, resolved from the .astro file', async () => {
    const page = (source: string) => `---\nconst title = 'x';\n---\n<h1>{title}</h1>\n<script>\n  import { watchCart } from '${source}';\n  watchCart();\n</script>\n`;
    expect(await lint('src/pages/[locale]/bad.astro', page('../../stores/cart.ts'))).toHaveLength(1);
    expect(await lint('src/pages/[locale]/ok.astro', page('../../scripts/cart-page.ts'))).toEqual([]);
  });

  it('keeps the plain DOM scripts apart from the islands', async () => {
    expect(await lint('src/islands/Bad.tsx', "import { x } from '../scripts/app-shell.ts';\nexport const y = x;\n")).toHaveLength(1);
    expect(await lint('src/scripts/bad.ts', "import { buildApp } from '../server/app.ts';\nexport const x = buildApp;\n")).toHaveLength(1);
    expect(await lint('src/scripts/bad.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toHaveLength(1);
    expect(await lint('src/scripts/ok.ts', "import { $cartCount } from '../stores/cart-header.ts';\nexport const x = $cartCount;\n")).toEqual([]);
  });

  it('lets a server module reach another only through its public entry', async () => {
    expect(await lint('src/server/modules/checkout/bad.ts', "import { CartService } from '../cart/cart.ts';\nexport const x = CartService;\n")).toHaveLength(1);
    expect(await lint('src/server/modules/checkout/bad.ts', "import { orders } from '../../db/schema.ts';\nexport const x = orders;\n")).toHaveLength(1);
    expect(await lint('src/server/modules/checkout/ok.ts', "import { CartService } from '../cart/index.ts';\nexport const x = CartService;\n")).toEqual([]);
    expect(await lint('src/server/modules/cart/ok.ts', "import { cartItems } from './schema.ts';\nexport const x = cartItems;\n")).toEqual([]);
    expect(await lint('src/server/modules/orders/schema.ts', "import { users } from '../accounts/schema.ts';\nexport const x = users;\n")).toEqual([]);
  });

  it('refuses upward imports inside the server', async () => {
    expect(await lint('src/server/http/bad.ts', "import { CartService } from '../modules/cart/index.ts';\nexport const x = CartService;\n")).toHaveLength(1);
    expect(await lint('src/server/mail/bad.ts', "import { API_PREFIX } from '../app.ts';\nexport const x = API_PREFIX;\n")).toHaveLength(1);
    expect(await lint('src/server/modules/cart/bad.ts', "import { API_PREFIX } from '../../app.ts';\nexport const x = API_PREFIX;\n")).toHaveLength(1);
    expect(await lint('src/server/db/schema.ts', "export * from '../modules/cart/schema.ts';\n")).toEqual([]);
  });

  it('allows the directions the layer table allows', async () => {
    expect(await lint('src/server/services/ok.ts', "import { CODES } from '../../domain/api/envelope.ts';\nexport const x = CODES;\n")).toEqual([]);
    expect(await lint('src/stores/ok.ts', "import { CODES } from '../domain/api/envelope.ts';\nexport const x = CODES;\n")).toEqual([]);
    expect(await lint('src/islands/Ok.tsx', "import { formatMoney } from '../domain/money.ts';\nexport const x = formatMoney;\n")).toEqual([]);
  });
});
