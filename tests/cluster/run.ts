/**
 * `npm run test:cluster` (docs/testing.md "The cluster test"): three API instances on one fresh
 * PostgreSQL database (DATABASE_URL names the server) behind Debian's nginx, which serves the built
 * site through the rules the build wrote (`.hosting/nginx.conf`) and balances the `shop_api`
 * upstream round-robin, as docs/deployment.md tells an operator to; 100 simulated shoppers for
 * 60 s (browse, cart, guest and signed-in orders paid through PayPal, a coupon with a total limit,
 * a size with little stock); one instance killed with SIGKILL at 20 s and started again at 30 s;
 * the SMTP receiver down from 25 s to 35 s. Then it checks and prints: captures and paid orders one
 * to one, no stock below zero and none oversold, the coupon within its limit, one confirmation per
 * paid order delivered, the request limit counted across instances, no 5xx but requests in flight
 * on the killed instance. Last, with all three instances up: a staff member signed in through each
 * instance directly, disabled by the owner through one, has every token refused by every instance
 * within 5 s. Exits 1 when a check fails.
 *
 * PayPal is one stand-in for every instance (tests/support/paypal-stand-in.ts, PayPal's REST API
 * on a port of its own, reached through PAYPAL_API_URL with sandbox credentials), as PayPal is one
 * service for every instance in production: a shopper's capture may reach any instance, and the
 * stand-in's webhooks go through nginx like PayPal's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { loadToolConfig } from '../../src/build-config.ts';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminStaffApi } from '../../src/domain/api/admin/staff.ts';
import { paypalApi } from '../../src/domain/api/paypal.ts';
import { API_PREFIX } from '../../src/domain/site-routes.ts';
import { NGINX_FILE } from '../../src/server/hosting/site-files.ts';
import { CLAIM_BATCH } from '../../src/server/modules/outbox/index.ts';
import { ROOT, createPostgresDatabase, projectCopy, removeDir, runToEnd, seed, serverEnv, startCommand, startServer, stopAll, tempDir, type Server } from '../../bench/processes.ts';
import { startMailReceiver, type MailReceiver, type ReceivedMail } from '../support/mail-receiver.ts';
import { startNginx, type RunningNginx } from '../support/nginx.ts';
import { startPaypalStandIn, type PaypalStandIn } from '../support/paypal-stand-in.ts';

const SHOPPERS = 100;
/** How soon a disabled staff member's tokens must be refused on every instance. */
const REVOCATION_MS = 5000;
const RUN_MS = 60_000;
const KILL_AT_MS = 20_000;
const RESTART_AT_MS = 30_000;
const SMTP_DOWN_MS = [25_000, 35_000] as const;
const RATE_LIMIT = 600;
const COUPON_LIMIT = 15;
const LOW_STOCK = 8;

const log = (message: string) => process.stdout.write(`[cluster] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  process.stderr.write('npm run test:cluster needs DATABASE_URL (a PostgreSQL server; a database is made there and dropped)\n');
  process.exit(2);
}
const basePort = loadToolConfig().CLUSTER_PORT;
const balancer = `http://127.0.0.1:${basePort}`;
const apiPorts = [basePort + 1, basePort + 2, basePort + 3];
/** The restarted instance's metrics listener: its first request through nginx tells when the balancer took it back. */
const metricsPort = basePort + 4;

// ---------- what the shoppers saw ----------

interface Seen {
  method: string;
  path: string;
  status: number;
  startedAt: number;
  endedAt: number;
}
const seen: Seen[] = [];
let killedAt = Number.POSITIVE_INFINITY;
/** When the killed instance's port first refused a connection: until then its sockets, kept-alive ones from nginx too, still took requests. */
let goneAt = Number.POSITIVE_INFINITY;

/** Resolves when nothing listens on `port` any more (a connection is refused). */
async function portClosed(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(false)));
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await sleep(5);
  }
}

async function request(method: 'GET' | 'POST', urlPath: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; json: any }> {
  const startedAt = Date.now();
  // 0: no answer at all (the connection failed or timed out).
  let status: number;
  let json: any = null;
  try {
    const response = await fetch(balancer + urlPath, {
      method,
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(30_000),
    });
    status = response.status;
    const text = await response.text();
    json = text.startsWith('{') ? JSON.parse(text) : null;
  } catch {
    status = 0;
  }
  seen.push({ method, path: urlPath.split('?')[0]!, status, startedAt, endedAt: Date.now() });
  return { status, json };
}

// ---------- one shopper ----------

interface Catalogue {
  products: { id: number; size: string }[];
  low: { id: number; size: string };
  coupon: string;
}

const ADDRESS = { firstName: 'Cluster', lastName: 'Shopper', address: '1 Test Street', country: 'GB', province: 'London', postalCode: 'SW1A 1AA', phoneCode: '+44', city: 'London', phone: '2079460000' };

async function shopper(n: number, catalogue: Catalogue, paypal: PaypalStandIn, until: number, outcome: { paid: number; refused: number; lost: number }): Promise<void> {
  const visitor = randomBytes(16).toString('hex');
  const ip = `10.${n >> 8}.${n & 255}.${(n % 200) + 1}`;
  const base = { 'x-visitor-id': visitor, 'x-forwarded-for': ip, 'accept-language': 'en-US' };
  let auth: Record<string, string> = {};
  const signedIn = n % 3 === 0;
  const email = `cluster-${n}-${visitor.slice(0, 8)}@example.com`;
  if (signedIn) {
    const password = `Kit#${visitor.slice(0, 8)}`;
    await request('POST', '/api/demo/ironUser/registerUser', { body: { firstName: 'Cluster', lastName: `No${n}`, email, password, subscribe: false }, headers: base });
    const login = await request('POST', '/api/demo/permissionAuth/doLogin', { body: { username: email, password }, headers: base });
    if (login.json?.code === '0000') auth = { authorization: `Bearer ${login.json.data.token}` };
  }
  const headers = () => ({ ...base, ...auth });
  for (let round = 0; Date.now() < until; round++) {
    const product = catalogue.products[(n * 7 + round) % catalogue.products.length]!;
    // Browse: a pre-rendered page from nginx, then the product's live answer.
    await request('GET', '/en-US/', { headers: base });
    await request('POST', '/api/demo/ironProduct/queryProductDetail', { body: { id: product.id }, headers: headers() });
    await sleep(200 + Math.random() * 400);
    const low = round % 5 === 1;
    const line = low ? { productId: catalogue.low.id, size: catalogue.low.size, customType: 4, quantity: 1 } : { productId: product.id, size: product.size, customType: 4, quantity: 1 };
    const saved = await request('POST', '/api/demo/ironCartItem/saveCartItemList', { body: [line], headers: headers() });
    if (saved.json?.code !== '0000') {
      outcome.refused++;
      continue;
    }
    const coupon = round % 4 === 2 ? { couponCode: catalogue.coupon } : {};
    const placed = await request('POST', '/api/demo/checkout/placeOrder', {
      body: { source: { type: 'cart', cartItemIds: saved.json.data.ids }, currency: 'EUR', ...(signedIn && auth.authorization ? {} : { email }), address: ADDRESS, shippingMethod: 'standard', acceptPersonalisedTerms: true, ...coupon },
      headers: { ...headers(), 'idempotency-key': randomUUID() },
    });
    if (placed.json?.code !== '0000') {
      // Sold out, or the coupon used up: what the checkout page shows.
      outcome.refused++;
      await request('POST', '/api/demo/ironCartItem/deleteByIds', { body: saved.json.data.ids, headers: headers() });
      continue;
    }
    const order = placed.json.data as { orderNo: string; accessToken: string };
    const created = await request('POST', '/api/demo/paypal/createOrder', { body: { orderNo: order.orderNo, token: order.accessToken }, headers: headers() });
    if (created.json?.code !== '0000') {
      outcome.lost++;
      continue;
    }
    const paypalOrderId = created.json.data.id as string;
    await sleep(300 + Math.random() * 700);
    // The buyer approves in PayPal's window, on PayPal's host: the stand-in, not the shop.
    const approved = await fetch(`${paypal.apiBase}/checkout/${paypalOrderId}/approve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => null);
    const captured = await request('GET', `/api/demo/paypal/captureOrder?${new URLSearchParams({ id: paypalOrderId, orderNo: order.orderNo })}`, { headers: headers() });
    if (approved?.status === 200 && captured.json?.code === '0000' && captured.json.data.status === 'paid') outcome.paid++;
    else outcome.lost++;
    await sleep(300 + Math.random() * 700);
  }
}

// ---------- the parts ----------

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

// ---------- a disabled staff member, on every instance ----------

/** A call straight to one instance (not through nginx): its envelope's code. */
async function direct(port: number, method: 'GET' | 'POST', apiPath: string, init: { body?: unknown; token?: string } = {}): Promise<{ code: string; data: any }> {
  const response = await fetch(`http://127.0.0.1:${port}${API_PREFIX}${apiPath}`, {
    method,
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await response.json()) as { code: string; data: any };
  return { code: json.code, data: json.data };
}

/**
 * The owner disables a staff member who signed in on each instance; every instance is then asked
 * with every one of the member's tokens until it refuses them. Answers how long each instance took
 * after the owner's answer, in ms (Infinity: still accepted after twice the limit).
 */
async function disabledEverywhere(client: pg.Client): Promise<number[]> {
  const password = `Staff#${randomBytes(4).toString('hex')}`;
  const account = async (role: string) => {
    const email = `cluster-${role.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await direct(apiPorts[0]!, 'POST', accountsApi.register.path, { body: { firstName: 'Cluster', lastName: role, email, password, subscribe: false } });
    if (registered.code !== '0000') throw new Error(`registering ${role}: ${registered.code}`);
    // As the admin command gives a role: straight in the row.
    await client.query('update users set roles = $1 where email = $2', [[role], email]);
    return email;
  };
  const signIn = async (port: number, email: string) => {
    const answer = await direct(port, 'POST', accountsApi.login.path, { body: { username: email, password } });
    if (answer.code !== '0000') throw new Error(`signing in on ${port}: ${answer.code}`);
    return answer.data.token as string;
  };
  const owner = await signIn(apiPorts[0]!, await account('R_SUPER'));
  const memberEmail = await account('R_ADMIN');
  const tokens = await Promise.all(apiPorts.map((port) => signIn(port, memberEmail)));
  const accepted = async (port: number) => (await Promise.all(tokens.map(async (token) => (await direct(port, 'GET', adminOrdersApi.dashboard.path, { token })).code === '0000'))).some(Boolean);
  for (const port of apiPorts) if (!(await accepted(port))) throw new Error(`the member's tokens were refused on ${port} before the owner disabled them`);
  const { rows } = await client.query<{ id: number }>('select id from users where email = $1', [memberEmail]);
  const disabled = await direct(apiPorts[1]!, 'POST', adminStaffApi.setStaffStatus.path, { body: { userId: rows[0]!.id, status: 'disabled' }, token: owner });
  if (disabled.code !== '0000') throw new Error(`the owner's disable: ${disabled.code}`);
  const from = Date.now();
  return Promise.all(
    apiPorts.map(async (port) => {
      while (Date.now() - from <= 2 * REVOCATION_MS) {
        if (!(await accepted(port))) return Date.now() - from;
        await sleep(50);
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
}

// ---------- the run ----------

const work = await tempDir('cluster');
const database = await createPostgresDatabase(adminUrl);
const client = new pg.Client({ connectionString: database.url });
let nginx: RunningNginx | null = null;
let mail: MailReceiver | null = null;
let paypal: PaypalStandIn | null = null;
/** The project copy the site is built in (and nginx serves). */
let copy: string | null = null;
const instances: (Server | null)[] = [null, null, null];
const failures: string[] = [];
const check = (ok: boolean, line: string) => {
  log(`${ok ? 'PASS' : 'FAIL'}  ${line}`);
  if (!ok) failures.push(line);
};

// What both receivers (before and after the outage) were given.
const delivered: ReceivedMail[] = [];
const receiverOptions = { onMessage: (message: ReceivedMail) => void delivered.push(message) };

try {
  mail = await startMailReceiver(receiverOptions);
  const smtpPort = Number(new URL(mail.url).port);
  const secret = randomBytes(36).toString('base64url');
  // PayPal for every instance, with the sandbox credentials it knows; its webhooks reach the shop through nginx.
  paypal = await startPaypalStandIn();
  const sandbox = paypal.config('sandbox');
  const webhooks = new Map<number, number>();
  paypal.simulator.setSwitches({ autoWebhooks: true });
  paypal.simulator.webhookSink = async (delivery) => {
    const answer = await fetch(`${balancer}${API_PREFIX}${paypalApi.webhook.path}`, { method: 'POST', headers: delivery.headers, body: delivery.body }).catch(() => null);
    webhooks.set(answer?.status ?? 0, (webhooks.get(answer?.status ?? 0) ?? 0) + 1);
    return answer?.status ?? 0;
  };
  const env = serverEnv({
    DATABASE_URL: database.url,
    AUTH_SECRET: secret,
    PUBLIC_SITE_URL: balancer,
    SMTP_URL: mail.url,
    MERCHANT_EMAIL: '',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    REDIS_URL: 'redis://127.0.0.1:6379',
    TRUST_PROXY: 'true',
    MAIL_RETRY_SECONDS: '1',
    LOG_LEVEL: 'warn',
    PAYPAL_ENV: 'sandbox',
    PAYPAL_CLIENT_ID: sandbox.clientId,
    PAYPAL_CLIENT_SECRET: sandbox.clientSecret,
    PAYPAL_WEBHOOK_ID: sandbox.webhookId,
    PAYPAL_API_URL: paypal.apiBase,
  });

  log(`building the site on ${database.name} (demo catalogue)`);
  copy = await projectCopy('cluster-site');
  // Production mode seeds no catalogue: the demo one is asked for, as an operator would.
  await seed(null, { cwd: copy, env, logFile: path.join(work, 'seed.log') });
  await runToEnd(['src/server/commands/start.ts', '--build-only'], { cwd: copy, env, logFile: path.join(work, 'build.log') });

  await client.connect();
  // Sizes with stock to spare for everyone's orders, one per product, and one size with little.
  const products = (await client.query<{ id: number; size: string }>(`select distinct on (p.id) p.id, s.size from products p join product_sizes s on s.product_id = p.id where p.active and s.stock > 0 order by p.id, s.sort limit 60`)).rows;
  await client.query(`update product_sizes set stock = 1000 where (product_id, size) in (select * from unnest($1::int[], $2::text[]))`, [products.map((p) => p.id), products.map((p) => p.size)]);
  const [low] = (await client.query<{ id: number; size: string }>(`select s.product_id as id, s.size from product_sizes s join products p on p.id = s.product_id where p.active and not (s.product_id = any($1::int[])) and s.stock > 0 order by s.product_id, s.sort limit 1`, [products.map((p) => p.id)])).rows;
  if (!low || products.length < 10) throw new Error('the demo catalogue has too few stocked sizes');
  await client.query('update product_sizes set stock = $1 where product_id = $2 and size = $3', [LOW_STOCK, low.id, low.size]);
  const coupon = `CLUSTER${randomBytes(3).toString('hex').toUpperCase()}`;
  await client.query(`insert into coupons (code, kind, percent, usage_limit) values ($1, 'percent', 10, $2)`, [coupon, COUPON_LIMIT]);

  const start = (i: number, extra: Record<string, string> = {}) =>
    startServer({ ...startCommand(), cwd: ROOT, env: { ...env, SITE_DIR: '', ...extra }, port: apiPorts[i]!, readyLine: /the shop is open at/, readyPath: '/api/health', logFile: path.join(work, `api-${i}.log`) });
  log('starting three API instances at once');
  const started = await Promise.all([0, 1, 2].map((i) => start(i)));
  started.forEach((server, i) => (instances[i] = server));
  // The operator's set-up: the release's own rules in a server block, the instances as shop_api.
  const site = path.join(copy, 'dist');
  nginx = await startNginx({ root: site, rules: path.join(site, NGINX_FILE), api: apiPorts.map((port) => `127.0.0.1:${port}`), port: basePort, workerConnections: 2048, accessLog: false });
  await waitFor(async () => (await fetch(`${balancer}/api/health`)).ok, 10_000, 'nginx');

  log(`${SHOPPERS} shoppers for ${RUN_MS / 1000} s; instance 2 killed at ${KILL_AT_MS / 1000} s, back at ${RESTART_AT_MS / 1000} s; mail down ${SMTP_DOWN_MS[0] / 1000}-${SMTP_DOWN_MS[1] / 1000} s`);
  const t0 = Date.now();
  const outcome = { paid: 0, refused: 0, lost: 0 };
  const shoppers = Array.from({ length: SHOPPERS }, (_, n) => shopper(n, { products, low, coupon }, paypal!, t0 + RUN_MS, outcome));
  const at = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  const instanceEvents = (async () => {
    await sleep(KILL_AT_MS);
    killedAt = Date.now();
    process.kill(-instances[1]!.pid, 'SIGKILL');
    await portClosed(apiPorts[1]!);
    goneAt = Date.now();
    log(`instance 2 killed (SIGKILL) at ${at()}, its port closed ${goneAt - killedAt} ms later`);
    await sleep(RESTART_AT_MS - KILL_AT_MS);
    const restartedAt = Date.now();
    instances[1] = await start(1, { METRICS_PORT: String(metricsPort) });
    const listening = Date.now();
    const phases = /started in .*/.exec(await readFile(path.join(work, 'api-1.log'), 'utf8'));
    log(`instance 2 answering again at ${at()}, ${((listening - restartedAt) / 1000).toFixed(1)} s after its start (${phases?.[0] ?? 'no start line'})`);
    // Its first request from nginx (the readiness probe above came directly): when the balancer took it back.
    await waitFor(async () => /shop_http_request_duration_seconds_count\{[^}]*route="\/api\/(?!health)/.test(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()), 30_000, 'instance 2 taken back by nginx').then(
      () => log(`instance 2 served its first request through nginx ${((Date.now() - listening) / 1000).toFixed(1)} s after it answered`),
      (error: unknown) => check(false, String(error)),
    );
  })();
  const mailEvents = (async () => {
    await sleep(SMTP_DOWN_MS[0]);
    await mail!.close();
    log(`SMTP receiver down at ${at()}`);
    await sleep(SMTP_DOWN_MS[1] - SMTP_DOWN_MS[0]);
    mail = await startMailReceiver({ ...receiverOptions, port: smtpPort });
    log(`SMTP receiver up again at ${at()}`);
  })();
  await Promise.all([...shoppers, instanceEvents, mailEvents]);
  log(`shoppers done: ${seen.length} requests, ${outcome.paid} orders paid, ${outcome.refused} refused (sold out, coupon used up), ${outcome.lost} payments not completed`);
  await paypal.simulator.drain();
  // Not checked: the captures already set each order paid, and PayPal delivers again what was turned away.
  log(`PayPal's webhooks through nginx, by status: ${[...webhooks].map(([status, n]) => `${status} x ${n}`).join(', ')}`);

  // ---------- checks ----------
  const one = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await client.query<T>(text, values)).rows[0]!;

  // Every paid order's confirmation leaves the outbox (retried after the outage) and reaches the receiver.
  await waitFor(async () => Number((await one<{ n: string }>(`select count(*) as n from mail_outbox where status in ('pending', 'sending')`)).n) === 0, 90_000, 'the mail outbox emptied');
  const paid = (await client.query<{ order_no: string }>(`select order_no from orders where status = 'paid'`)).rows.map((r) => r.order_no);
  // One message per paid order, counted by its Message-ID: a copy of the same message is sent when
  // its worker died after the server took it and before the row was marked sent (the killed
  // instance's claims, src/server/modules/outbox/outbox.ts), and mail clients fold such copies.
  const confirmations = new Map<string, Set<string>>();
  let copies = 0;
  for (const message of delivered) {
    const match = /^Order (JS-[A-Z0-9-]+) confirmed$/.exec(message.subject);
    if (!match) continue;
    const messageId = /^message-id:\s*(\S+)/im.exec(message.raw)?.[1] ?? '';
    const ids = confirmations.get(match[1]!) ?? new Set<string>();
    if (ids.has(messageId)) copies++;
    confirmations.set(match[1]!, ids.add(messageId));
  }
  const mailMismatch = paid.filter((no) => confirmations.get(no)?.size !== 1);
  const strays = [...confirmations.keys()].filter((no) => !paid.includes(no));
  const failedMail = Number((await one<{ n: string }>(`select count(*) as n from mail_outbox where status = 'failed'`)).n);

  const captures = await one<{ captured: string; paid_orders: string; mismatched: string; doubled: string }>(`
    select
      (select count(*) from payments where status = 'captured') as captured,
      (select count(*) from orders where status = 'paid') as paid_orders,
      (select count(*) from orders o join payments p on p.order_id = o.id where (o.status = 'paid') <> (p.status = 'captured' and p.capture_id is not null)) as mismatched,
      (select count(*) from (select capture_id from payments where capture_id is not null group by capture_id having count(*) > 1) d) as doubled`);
  const stock = await one<{ min: number; low_left: number; low_sold: string }>(
    `select (select min(stock) from product_sizes) as min,
            (select stock from product_sizes where product_id = $1 and size = $2) as low_left,
            (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id where i.product_id = $1 and i.size = $2 and o.status <> 'cancelled') as low_sold`,
    [low.id, low.size],
  );
  const couponRow = await one<{ used_count: number; redeemed: string }>(`select used_count, (select count(*) from coupon_redemptions r where r.coupon_id = c.id) as redeemed from coupons c where code = $1`, [coupon]);

  // The request limit, counted across instances: one new address, its requests spread over the three by nginx.
  const probeIp = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  let turnedAway = 0;
  for (let i = 0; i < RATE_LIMIT + 20; i++) {
    const response = await fetch(`${balancer}/api/health`, { headers: { 'x-forwarded-for': probeIp } });
    if (response.status === 429) turnedAway++;
  }

  const fiveHundreds = seen.filter((s) => s.status >= 500 || s.status === 0);
  // Sent before the dying instance's sockets closed: nginx may have written it to one of them.
  const inFlight = (s: Seen) => s.startedAt <= goneAt && s.endedAt >= killedAt;
  const unexplained = fiveHundreds.filter((s) => !inFlight(s));

  log('--- figures ---');
  log(`requests ${seen.length}; paid orders ${captures.paid_orders}; captured payments ${captures.captured}; confirmations received ${delivered.filter((m) => m.subject.includes('confirmed')).length} (${copies} a second copy of one message); mail failed for good ${failedMail}`);
  log(`low-stock size: ${LOW_STOCK} at start, ${stock.low_sold} sold, ${stock.low_left} left; lowest stock of any size ${stock.min}`);
  log(`coupon (limit ${COUPON_LIMIT}): used ${couponRow.used_count}, redemptions ${couponRow.redeemed}`);
  log(`request limit ${RATE_LIMIT}/min for one address over three instances: ${RATE_LIMIT + 20} requests, ${turnedAway} turned away`);
  log(`5xx or no answer: ${fiveHundreds.length}, of which in flight on the killed instance ${fiveHundreds.length - unexplained.length}`);
  check(Number(captures.mismatched) === 0 && Number(captures.doubled) === 0 && captures.captured === captures.paid_orders, 'every captured payment has one paid order and every paid order one capture');
  check(stock.min >= 0 && Number(stock.low_sold) <= LOW_STOCK && stock.low_left === LOW_STOCK - Number(stock.low_sold), 'no size below zero, the low-stock size never oversold');
  check(couponRow.used_count <= COUPON_LIMIT && Number(couponRow.redeemed) === couponRow.used_count, 'the coupon used at most its limit');
  check(paid.length > 0 && mailMismatch.length === 0 && strays.length === 0 && copies <= CLAIM_BATCH, `every paid order has exactly one confirmation delivered, copies only of messages a killed worker held${mailMismatch.length ? ` (not so for ${mailMismatch.slice(0, 5).join(', ')})` : ''}`);
  check(turnedAway === 20, 'the request limit counted across instances');
  const refusedAfter = await disabledEverywhere(client);
  log(`a disabled staff member's tokens (one signed in on each instance) refused after ${refusedAfter.map((ms, i) => `${ms} ms on instance ${i + 1}`).join(', ')}`);
  check(refusedAfter.every((ms) => ms <= REVOCATION_MS), `a disabled staff member's tokens refused on all three instances within ${REVOCATION_MS / 1000} s`);
  check(unexplained.length === 0, `no 5xx but requests in flight on the killed instance${unexplained.length ? `: ${unexplained.slice(0, 5).map((s) => `${s.status} ${s.method} ${s.path} at ${((s.startedAt - t0) / 1000).toFixed(1)}-${((s.endedAt - t0) / 1000).toFixed(1)} s`).join('; ')}` : ''}`);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  log(`run failed: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  if (failures.length) log(`nginx's error log:\n${(await nginx?.errors())?.split('\n').slice(-20).join('\n') ?? ''}`);
  await nginx?.stop().catch(() => {});
  await Promise.all(instances.map((server) => server?.stop().catch(() => {})));
  await paypal?.close().catch(() => {});
  stopAll();
  await client.end().catch(() => {});
  await mail?.close().catch(() => {});
  await database.drop().catch(() => {});
  if (copy) await removeDir(copy);
  if (failures.length === 0) await removeDir(work);
  else log(`logs kept in ${work}`);
}
log(failures.length === 0 ? 'cluster test passed' : `cluster test FAILED: ${failures.length} check(s)`);
process.exit(failures.length === 0 ? 0 : 1);
