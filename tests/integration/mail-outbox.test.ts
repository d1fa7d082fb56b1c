/**
 * The mail outbox and background jobs (docs/checkout-and-payments.md "Mail", docs/architecture.md
 * "Background work"): mail queued with what caused it survives an SMTP outage and arrives once;
 * racing workers send each message once; a claim or a job lease left by a dead worker is taken
 * over; a message out of attempts is listed on the dashboard and sent again by staff.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import { mailApi } from '../../src/domain/api/admin/mail.ts';
import type { OutboxStatusView } from '../../src/domain/back-office/mail.model.ts';
import { auditLog, jobLeases, mailOutbox } from '../../src/server/db/schema.ts';
import { MailTransport } from '../../src/server/mail/mailer.ts';
import { JobRunner, Leases } from '../../src/server/modules/jobs/index.ts';
import { MailOutbox, MailWorker, outboxStats } from '../../src/server/modules/outbox/index.ts';
import { eventually } from '../support/eventually.ts';
import { startMailReceiver, type MailReceiver } from '../support/mail-receiver.ts';
import { callEntry, staffAccount } from './admin-support.ts';
import { createTestShop, newEmail, signUp, type TestShop } from './harness.ts';
import { findStock, guestOrder, pay, plainLine } from './orders-support.ts';

let shop: TestShop;
let mail: MailReceiver;
let port: number;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  mail = await startMailReceiver();
  port = Number(new URL(mail.url).port);
  // Retries 100 ms after a failure (doubling), so an outage of the test's length is waited out quickly.
  shop = await createTestShop({ smtpUrl: mail.url, reconcileIntervalMs: 0, mailRetryMs: 100, mailMaxAttempts: 8 });
});
afterAll(async () => {
  await shop?.close();
  await mail?.close();
});

const db = () => shop.database.db;
const received = (subject: string) => mail.messages.filter((m) => m.subject === subject);
const worker = (holder: string, smtpUrl = mail.url, maxAttempts = 8) =>
  new MailWorker({ db: db(), transport: new MailTransport({ smtpUrl, from: 'Shop <shop@example.com>', outboxDir: '/nonexistent', domain: 'example.com' }), log: quiet, retryBaseMs: 100, maxAttempts, holder });

describe('an SMTP outage', () => {
  it('delays the order confirmation, loses nothing, and delivers it once when the server is back', async () => {
    const stock = await findStock(shop, 5);
    await mail.close();
    const { order } = await guestOrder(shop, [plainLine(stock)], { email: newEmail('outage') });
    const { captured } = await pay(shop, order);
    expect(captured.data.status).toBe('paid');
    const subject = `Order ${order.orderNo} confirmed`;
    // The worker tried and failed: the message waits with its error, counted in the backlog.
    await eventually(async () => {
      const [row] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'order-confirmation'), eq(mailOutbox.subject, subject)));
      expect(row).toMatchObject({ status: 'pending' });
      expect(row!.attempts).toBeGreaterThanOrEqual(1);
      expect(row!.lastError).toBeTruthy();
    });
    expect((await outboxStats(db())).backlog).toBeGreaterThanOrEqual(1);

    mail = await startMailReceiver({ port });
    await eventually(async () => {
      await shop.app.outbox.drain();
      expect(received(subject)).toHaveLength(1);
    }, 15_000);
    await shop.app.outbox.drain();
    expect(received(subject)).toHaveLength(1);
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
    expect(row).toMatchObject({ status: 'sent', textBody: '', htmlBody: '' });
  });

  it('keeps a reset code mailed while the server is down, and sends it once it is back', async () => {
    const account = await signUp(shop.app);
    await shop.app.outbox.drain();
    await mail.close();
    expect((await callEntry(shop, accountsApi.sendResetCode, { email: account.email })).code).toBe('0000');
    mail = await startMailReceiver({ port });
    await eventually(async () => {
      await shop.app.outbox.drain();
      expect(mail.messages.filter((m) => m.to.includes(account.email) && /\b\d{6}\b/.test(m.text))).toHaveLength(1);
    }, 15_000);
  });
});

describe('workers on several instances', () => {
  it('send each message once when two workers race for the same messages', async () => {
    await shop.app.outbox.stop();
    try {
      const outbox = new MailOutbox();
      const tag = `race-${Date.now()}`;
      await db().transaction(async (tx) => {
        for (let i = 0; i < 60; i++) await outbox.queue(tx, { to: `race${i}@example.com`, kind: 'test', subject: `${tag} ${i}`, text: 'hello', html: '<p>hello</p>' });
      });
      const [a, b] = [worker('instance-a:1'), worker('instance-b:2')];
      const claimed = await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(60);
      for (let i = 0; i < 60; i++) expect(received(`${tag} ${i}`)).toHaveLength(1);
    } finally {
      shop.app.outbox.start();
    }
  });

  it('leave a message claimed by a live worker alone, and send one whose worker died once its claim lapses', async () => {
    await shop.app.outbox.stop();
    try {
      const outbox = new MailOutbox();
      await outbox.queue(db(), { to: 'held@example.com', kind: 'test', subject: 'held by a live worker', text: 'x', html: 'x' });
      await outbox.queue(db(), { to: 'dead@example.com', kind: 'test', subject: 'left by a dead worker', text: 'x', html: 'x' });
      await db().update(mailOutbox).set({ status: 'sending', claimedBy: 'alive:1', claimedUntil: sql`now() + interval '1 minute'`, attempts: 1 }).where(eq(mailOutbox.subject, 'held by a live worker'));
      await db().update(mailOutbox).set({ status: 'sending', claimedBy: 'dead:1', claimedUntil: sql`now() - interval '1 second'`, attempts: 1 }).where(eq(mailOutbox.subject, 'left by a dead worker'));
      await worker('survivor:2').drain();
      expect(received('left by a dead worker')).toHaveLength(1);
      expect(received('held by a live worker')).toHaveLength(0);
      const [dead] = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, 'left by a dead worker'));
      expect(dead).toMatchObject({ status: 'sent', attempts: 2 });
      await db().delete(mailOutbox).where(eq(mailOutbox.subject, 'held by a live worker'));
    } finally {
      shop.app.outbox.start();
    }
  });
});

describe('a message out of attempts', () => {
  it('is marked failed, shown on the dashboard, and sent again by staff with mail:retry (audited)', async () => {
    await shop.app.outbox.stop();
    let failedId: number;
    try {
      await new MailOutbox().queue(db(), { to: 'unlucky@example.com', kind: 'test', subject: 'out of attempts', text: 'x', html: 'x' });
      // A worker whose server never answers, allowed one attempt.
      await worker('unlucky:1', 'smtp://127.0.0.1:9', 1).drain();
      const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, 'out of attempts'));
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.lastError).toBeTruthy();
      failedId = row!.id;
      expect((await outboxStats(db())).failed).toBeGreaterThanOrEqual(1);
    } finally {
      shop.app.outbox.start();
    }

    const admin = await staffAccount(shop, 'R_ADMIN');
    const status = await callEntry<OutboxStatusView>(shop, mailApi.status, undefined, admin);
    expect(status.code).toBe('0000');
    expect(status.data.failures.find((m) => m.id === failedId)).toMatchObject({ to: 'unlucky@example.com', status: 'failed', attempts: 1 });

    const shopper = await signUp(shop.app);
    expect((await callEntry(shop, mailApi.retry, { id: failedId }, shopper)).status).toBe(403);
    expect(received('out of attempts')).toHaveLength(0);

    const retried = await callEntry<OutboxStatusView>(shop, mailApi.retry, { id: failedId }, admin);
    expect(retried.code).toBe('0000');
    expect(retried.data.failures.find((m) => m.id === failedId)).toBeUndefined();
    await eventually(async () => {
      await shop.app.outbox.drain();
      expect(received('out of attempts')).toHaveLength(1);
    });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'mail.retry'), eq(auditLog.entityId, String(failedId))));
    expect(audit).toMatchObject({ actorEmail: admin.email, before: { status: 'failed', attempts: 1 } });
    // Sent now: there is nothing left to send again.
    expect((await callEntry(shop, mailApi.retry, { id: failedId }, admin)).code).toBe('1404');
  });
});

describe('periodic jobs', () => {
  it('run once across instances, and again on another instance when the holder died', async () => {
    let runs = 0;
    const job = { name: `test-job-${Date.now()}`, intervalMs: 60_000, run: async () => void runs++ };
    const [a, b] = [new JobRunner(new Leases(db()), quiet, { holder: 'a:1' }), new JobRunner(new Leases(db()), quiet, { holder: 'b:2' })];
    const first = await Promise.all([a.attempt(job, true), b.attempt(job, true)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Not due again for a minute, whoever asks.
    expect(await Promise.all([a.attempt(job, true), b.attempt(job, true)])).toEqual([false, false]);

    // An instance took the lease and died mid-run: once the lease lapses, another runs the job.
    await db().update(jobLeases).set({ holder: 'dead:3', until: sql`now() + interval '1 minute'`, nextRunAt: null }).where(eq(jobLeases.name, job.name));
    expect(await b.attempt(job, true)).toBe(false);
    await db().update(jobLeases).set({ until: sql`now() - interval '1 second'` }).where(eq(jobLeases.name, job.name));
    expect(await b.attempt(job, true)).toBe(true);
    expect(runs).toBe(2);
    const [lease] = await db().select().from(jobLeases).where(eq(jobLeases.name, job.name));
    expect(lease).toMatchObject({ holder: null, lastError: null });
  });
});
