/**
 * `npm run test:cluster` (docs/testing.md "The cluster test"): three API instances on one fresh
 * PostgreSQL database (DATABASE_URL names the server) behind Debian's nginx, which serves the built
 * site and balances /api; 100 simulated shoppers for 60 s (browse, cart, guest and signed-in
 * orders paid through the PayPal simulator, a coupon with a total limit, a size with little
 * stock); one instance killed with SIGKILL at 20 s and started again at 30 s; the SMTP receiver
 * down from 25 s to 35 s. Then it checks and prints: captures and paid orders one to one, no stock
 * below zero and none oversold, the coupon within its limit, one confirmation per paid order
 * delivered, the request limit counted across instances, no 5xx but requests in flight on the
 * killed instance. Exits 1 when a check fails.
 *
 * The PayPal simulator lives in each instance's memory, so nginx keeps a shopper on one instance
 * (hash of X-Visitor-Id); a shopper whose instance is killed continues on another, and a payment
 * it had started there is lost with the simulator, as an abandoned PayPal window would be.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadToolConfig } from '../../src/build-config.ts';
import { SIM_PREFIX } from '../../src/server/modules/payments/simulator-protocol.ts';
import { ROOT, createPostgresDatabase, projectCopy, removeDir, runToEnd, seed, serverEnv, startCommand, startServer, stopAll, tempDir, type Server } from '../../bench/processes.ts';
import { startMailReceiver, type MailReceiver, type ReceivedMail } from '../support/mail-receiver.ts';

const SHOPPERS = 100;
const RUN_MS = 60_000;
const KILL_AT_MS = 20_000;
const RESTART_AT_MS = 30_000;
const SMTP_DOWN_MS = [25_000, 35_000] as const;
const RATE_LIMIT = 600;
const COUPON_LIMIT = 15;
const LOW_STOCK = 8;
const NGINX = '/usr/sbin/nginx';

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

async function shopper(n: number, catalogue: Catalogue, until: number, outcome: { paid: number; refused: number; lost: number }): Promise<void> {
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
    const approved = await request('POST', `${SIM_PREFIX}/checkout/${paypalOrderId}/approve`, { body: {}, headers: headers() });
    const captured = await request('GET', `/api/demo/paypal/captureOrder?${new URLSearchParams({ id: paypalOrderId, orderNo: order.orderNo })}`, { headers: headers() });
    if (approved.status === 200 && captured.json?.code === '0000' && captured.json.data.status === 'paid') outcome.paid++;
    else outcome.lost++;
    await sleep(300 + Math.random() * 700);
  }
}

// ---------- the parts ----------

async function nginxConfig(dir: string, siteRoot: string): Promise<string> {
  const conf = `
daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 2048; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api {
    # One shopper, one instance: the PayPal simulator keeps its orders in that instance's memory.
    hash $http_x_visitor_id consistent;
${apiPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=3s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${basePort};
    root ${siteRoot};
    location /api/ { proxy_pass http://api; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $host; proxy_set_header X-Forwarded-Proto http; proxy_next_upstream error timeout; }
    location ${SIM_PREFIX}/ { proxy_pass http://api; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $host; proxy_next_upstream error timeout; }
    location / { try_files $uri $uri/index.html $uri.html =404; }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, conf);
  return file;
}

function startNginx(conf: string, dir: string): ChildProcess {
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'inherit' });
  child.on('exit', (code) => {
    if (code) log(`nginx exited with ${code}`);
  });
  return child;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

// ---------- the run ----------

const work = await tempDir('cluster');
const database = await createPostgresDatabase(adminUrl);
const client = new pg.Client({ connectionString: database.url });
let nginx: ChildProcess | null = null;
let mail: MailReceiver | null = null;
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
  });

  log(`building the site on ${database.name} (demo catalogue)`);
  const copy = await projectCopy('cluster-site');
  // Production mode seeds no catalogue: the demo one is asked for, as an operator would.
  await seed(null, { cwd: copy, env, logFile: path.join(work, 'seed.log') });
  await runToEnd(['src/server/start.ts', '--build-only'], { cwd: copy, env, logFile: path.join(work, 'build.log') });

  await client.connect();
  // Sizes with stock to spare for everyone's orders, one per product, and one size with little.
  const products = (await client.query<{ id: number; size: string }>(`select distinct on (p.id) p.id, s.size from products p join product_sizes s on s.product_id = p.id where p.active and s.stock > 0 order by p.id, s.sort limit 60`)).rows;
  await client.query(`update product_sizes set stock = 1000 where (product_id, size) in (select * from unnest($1::int[], $2::text[]))`, [products.map((p) => p.id), products.map((p) => p.size)]);
  const [low] = (await client.query<{ id: number; size: string }>(`select s.product_id as id, s.size from product_sizes s join products p on p.id = s.product_id where p.active and not (s.product_id = any($1::int[])) and s.stock > 0 order by s.product_id, s.sort limit 1`, [products.map((p) => p.id)])).rows;
  if (!low || products.length < 10) throw new Error('the demo catalogue has too few stocked sizes');
  await client.query('update product_sizes set stock = $1 where product_id = $2 and size = $3', [LOW_STOCK, low.id, low.size]);
  const coupon = `CLUSTER${randomBytes(3).toString('hex').toUpperCase()}`;
  await client.query(`insert into coupons (code, kind, percent, usage_limit) values ($1, 'percent', 10, $2)`, [coupon, COUPON_LIMIT]);

  const start = (i: number) =>
    startServer({ ...startCommand(), cwd: ROOT, env: { ...env, SITE_DIR: '' }, port: apiPorts[i]!, readyLine: /the shop is open at/, readyPath: '/api/health', logFile: path.join(work, `api-${i}.log`) });
  log('starting three API instances at once');
  const started = await Promise.all([0, 1, 2].map(start));
  started.forEach((server, i) => (instances[i] = server));
  await mkdir(path.join(work, 'nginx'), { recursive: true });
  nginx = startNginx(await nginxConfig(path.join(work, 'nginx'), path.join(copy, 'dist')), path.join(work, 'nginx'));
  await waitFor(async () => (await fetch(`${balancer}/api/health`)).ok, 10_000, 'nginx');

  log(`${SHOPPERS} shoppers for ${RUN_MS / 1000} s; instance 2 killed at ${KILL_AT_MS / 1000} s, back at ${RESTART_AT_MS / 1000} s; mail down ${SMTP_DOWN_MS[0] / 1000}-${SMTP_DOWN_MS[1] / 1000} s`);
  const t0 = Date.now();
  const outcome = { paid: 0, refused: 0, lost: 0 };
  const shoppers = Array.from({ length: SHOPPERS }, (_, n) => shopper(n, { products, low, coupon }, t0 + RUN_MS, outcome));
  const at = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  const instanceEvents = (async () => {
    await sleep(KILL_AT_MS);
    killedAt = Date.now();
    process.kill(-instances[1]!.pid, 'SIGKILL');
    log(`instance 2 killed (SIGKILL) at ${at()}`);
    await sleep(RESTART_AT_MS - KILL_AT_MS);
    instances[1] = await start(1);
    log(`instance 2 answering again at ${at()}`);
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

  // ---------- checks ----------
  const one = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await client.query<T>(text, values)).rows[0]!;

  // Every paid order's confirmation leaves the outbox (retried after the outage) and reaches the receiver.
  await waitFor(async () => Number((await one<{ n: string }>(`select count(*) as n from mail_outbox where status in ('pending', 'sending')`)).n) === 0, 90_000, 'the mail outbox emptied');
  const paid = (await client.query<{ order_no: string }>(`select order_no from orders where status = 'paid'`)).rows.map((r) => r.order_no);
  const confirmations = new Map<string, number>();
  for (const message of delivered) {
    const match = /^Order (JS-[A-Z0-9-]+) confirmed$/.exec(message.subject);
    if (match) confirmations.set(match[1]!, (confirmations.get(match[1]!) ?? 0) + 1);
  }
  const mailMismatch = paid.filter((no) => confirmations.get(no) !== 1);
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

  // The request limit, counted across instances: one new address, requests spread over the three by visitor id.
  const probeIp = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  let turnedAway = 0;
  for (let i = 0; i < RATE_LIMIT + 20; i++) {
    const response = await fetch(`${balancer}/api/health`, { headers: { 'x-forwarded-for': probeIp, 'x-visitor-id': randomBytes(16).toString('hex') } });
    if (response.status === 429) turnedAway++;
  }

  const fiveHundreds = seen.filter((s) => s.status >= 500 || s.status === 0);
  const inFlight = (s: Seen) => s.startedAt <= killedAt + 50 && s.endedAt >= killedAt;
  const unexplained = fiveHundreds.filter((s) => !inFlight(s));

  log('--- figures ---');
  log(`requests ${seen.length}; paid orders ${captures.paid_orders}; captured payments ${captures.captured}; confirmations received ${delivered.filter((m) => m.subject.includes('confirmed')).length}; mail failed for good ${failedMail}`);
  log(`low-stock size: ${LOW_STOCK} at start, ${stock.low_sold} sold, ${stock.low_left} left; lowest stock of any size ${stock.min}`);
  log(`coupon (limit ${COUPON_LIMIT}): used ${couponRow.used_count}, redemptions ${couponRow.redeemed}`);
  log(`request limit ${RATE_LIMIT}/min for one address over three instances: ${RATE_LIMIT + 20} requests, ${turnedAway} turned away`);
  log(`5xx or no answer: ${fiveHundreds.length}, of which in flight on the killed instance ${fiveHundreds.length - unexplained.length}`);
  check(Number(captures.mismatched) === 0 && Number(captures.doubled) === 0 && captures.captured === captures.paid_orders, 'every captured payment has one paid order and every paid order one capture');
  check(stock.min >= 0 && Number(stock.low_sold) <= LOW_STOCK && stock.low_left === LOW_STOCK - Number(stock.low_sold), 'no size below zero, the low-stock size never oversold');
  check(couponRow.used_count <= COUPON_LIMIT && Number(couponRow.redeemed) === couponRow.used_count, 'the coupon used at most its limit');
  check(paid.length > 0 && mailMismatch.length === 0 && strays.length === 0, `every paid order has exactly one confirmation delivered${mailMismatch.length ? ` (not so for ${mailMismatch.slice(0, 5).join(', ')})` : ''}`);
  check(turnedAway === 20, 'the request limit counted across instances');
  check(unexplained.length === 0, `no 5xx but requests in flight on the killed instance${unexplained.length ? `: ${unexplained.slice(0, 5).map((s) => `${s.status} ${s.method} ${s.path} at ${((s.startedAt - t0) / 1000).toFixed(1)}-${((s.endedAt - t0) / 1000).toFixed(1)} s`).join('; ')}` : ''}`);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  log(`run failed: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  nginx?.kill('SIGQUIT');
  await Promise.all(instances.map((server) => server?.stop().catch(() => {})));
  stopAll();
  await client.end().catch(() => {});
  await mail?.close().catch(() => {});
  await database.drop().catch(() => {});
  if (failures.length === 0) await removeDir(work);
  else log(`logs kept in ${work}`);
}
log(failures.length === 0 ? 'cluster test passed' : `cluster test FAILED: ${failures.length} check(s)`);
process.exit(failures.length === 0 ? 0 : 1);
