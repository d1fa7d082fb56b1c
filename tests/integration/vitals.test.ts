/**
 * Real-user vitals (docs/performance.md "Real-user vitals"): a beacon's report is validated
 * (nothing kept from a refused one), throttled per address, kept bounded, and read back as the
 * weighted 75th percentile; the tables hold nothing that names a visitor.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vitalsApi } from '../../src/domain/api/vitals.ts';
import type { VitalsReport, VitalsSummary } from '../../src/domain/vitals.model.ts';
import { vitalsCounts, vitalsSamples } from '../../src/server/db/schema.ts';
import { RETENTION_DAYS, VitalsStore } from '../../src/server/modules/vitals/index.ts';
import { callEntry, staffAccount } from './admin-support.ts';
import { call, createTestShop, newIp, type TestShop } from './harness.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

const DAY_MS = 86_400_000;

/** Sends a report as navigator.sendBeacon does: a string body, so `text/plain;charset=UTF-8`. */
async function beacon(body: string, ip = newIp()) {
  const response = await shop.app.inject({ method: 'POST', url: `/api${vitalsApi.report.path}`, headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: body, remoteAddress: ip });
  return { status: response.statusCode, ...(response.json() as { code: string; msg: string; data: unknown }) };
}

async function rowCounts(): Promise<{ counts: number; samples: number }> {
  const [counts] = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(vitalsCounts);
  const [samples] = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(vitalsSamples);
  return { counts: counts!.n, samples: samples!.n };
}

async function summary(days: 1 | 7): Promise<VitalsSummary> {
  const staff = await staffAccount(shop, 'R_ADMIN');
  const answer = await callEntry<VitalsSummary>(shop, vitalsApi.summary, { days }, staff);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}

const row = (data: VitalsSummary, page: string, locale: string) => data.rows.find((r) => r.page === page && r.locale === locale);

describe('the report call', () => {
  it('refuses bad reports with the envelope and keeps nothing of them', async () => {
    const before = await rowCounts();
    const bad: unknown[] = [
      { page: 'product', locale: 'en-US', metrics: {} },
      { page: 'product/42', locale: 'en-US', metrics: { LCP: 1200 } },
      { page: 'product', locale: 'fr-FR', metrics: { LCP: 1200 } },
      { page: 'product', locale: 'en-US', metrics: { LCP: -1 } },
      { page: 'product', locale: 'en-US', metrics: { LCP: 3_600_000 } },
      { page: 'product', locale: 'en-US', metrics: { CLS: 40 } },
      { page: 'product', locale: 'en-US', metrics: { FID: 10 } },
      { page: 'product', locale: 'en-US', metrics: { LCP: '1200' } },
      { page: 'product', locale: 'en-US', metrics: { LCP: 1200 }, url: 'https://shop.example/en-US/product/42/?email=a@b.c' },
    ];
    for (const body of bad) {
      const answer = await beacon(JSON.stringify(body));
      expect([answer.status, answer.code], JSON.stringify(body)).toEqual([400, '1001']);
    }
    const malformed = await beacon('{"page":');
    expect([malformed.status, malformed.code]).toEqual([400, '1002']);
    // A type a beacon never sends is refused as elsewhere.
    const form = await shop.app.inject({ method: 'POST', url: `/api${vitalsApi.report.path}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'page=home' });
    expect(form.json()).toMatchObject({ code: '1003' });
    expect(await rowCounts()).toEqual(before);
  });

  it('takes a beacon (text/plain) and a JSON body, answering the envelope', async () => {
    const report: VitalsReport = { page: 'search', locale: 'zh-CN', metrics: { LCP: 1800, TTFB: 240, CLS: 0.02 } };
    const answer = await beacon(JSON.stringify(report));
    expect(answer).toMatchObject({ status: 200, code: '0000', data: null });
    const json = await call(shop.app, vitalsApi.report.path, { page: 'search', locale: 'zh-CN', metrics: { INP: 120 } }, { ip: newIp() });
    expect(json.code).toBe('0000');
    const figures = row(await summary(7), 'search', 'zh-CN')!;
    expect(figures.metrics).toEqual({ LCP: { p75: 1800, views: 1 }, TTFB: { p75: 240, views: 1 }, CLS: { p75: 0.02, views: 1 }, INP: { p75: 120, views: 1 } });
  });

  it('turns an address away past its limit (30 a minute) without keeping the extra reports', async () => {
    const ip = newIp();
    const report = JSON.stringify({ page: 'checkout', locale: 'en-US', metrics: { TTFB: 300 } });
    for (let i = 0; i < 30; i += 1) expect((await beacon(report, ip)).code).toBe('0000');
    const refused = await beacon(report, ip);
    expect([refused.status, refused.code]).toEqual([429, '1429']);
    expect((await beacon(report, newIp())).code).toBe('0000');
    expect(row(await summary(7), 'checkout', 'en-US')!.metrics.TTFB).toEqual({ p75: 300, views: 31 });
  });
});

describe('the percentiles', () => {
  it('are the 75th percentile of known values, per page type and locale', async () => {
    // 1..100 in a scrambled order: p75 (nearest rank) is 75.
    const values = Array.from({ length: 100 }, (_, i) => ((i * 37) % 100) + 1);
    for (const value of values) expect((await beacon(JSON.stringify({ page: 'category', locale: 'en-US', metrics: { INP: value } }))).code).toBe('0000');
    await beacon(JSON.stringify({ page: 'category', locale: 'zh-CN', metrics: { INP: 900 } }));
    const data = await summary(7);
    expect(row(data, 'category', 'en-US')!.metrics).toEqual({ INP: { p75: 75, views: 100 }, LCP: null, CLS: null, TTFB: null });
    expect(row(data, 'category', 'zh-CN')!.metrics.INP).toEqual({ p75: 900, views: 1 });
    expect(data.days).toBe(7);
  });

  it('keep at most the reservoir per day and weigh each day by the views it stands for', async () => {
    let now = new Date(Date.now() - DAY_MS);
    const store = new VitalsStore({ db: shop.database.db, clock: () => now, reservoirSize: 10 });
    // Yesterday: 30 views at 100 ms, of which 10 are kept, each standing for 3.
    for (let i = 0; i < 30; i += 1) await store.record({ page: 'cart', locale: 'en-US', metrics: { TTFB: 100 } });
    // Today: 10 views at 1000 ms, all kept, each standing for 1.
    now = new Date();
    for (let i = 0; i < 10; i += 1) await store.record({ page: 'cart', locale: 'en-US', metrics: { TTFB: 1000 } });
    const kept = await shop.database.db.execute(sql`select day::text as day, count(*)::int as n from ${vitalsSamples} where page_type = 'cart' group by day order by day`);
    expect((kept as unknown as { rows: { n: number }[] }).rows.map((r) => r.n)).toEqual([10, 10]);
    // 40 views, 30 of them at 100 ms: p75 is 100 (20 kept values read alike would say 1000).
    expect(row(await summary(7), 'cart', 'en-US')!.metrics.TTFB).toEqual({ p75: 100, views: 40 });
    expect(row(await summary(1), 'cart', 'en-US')!.metrics.TTFB).toEqual({ p75: 1000, views: 10 });
  });

  it('are for staff holding dashboard:view only', async () => {
    expect((await callEntry(shop, vitalsApi.summary, { days: 7 })).code).toBe('8888');
    expect((await callEntry(shop, vitalsApi.summary, { days: 7 }, await staffAccount(shop))).code).toBe('1403');
    expect((await callEntry(shop, vitalsApi.summary, { days: 30 }, await staffAccount(shop, 'R_ADMIN'))).code).toBe('1001');
  });
});

describe('what is kept', () => {
  it('names no visitor: the tables hold the day, page type, locale, vital and values only', async () => {
    const columns = await shop.database.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_name in ('vitals_counts', 'vitals_samples') and table_schema = current_schema() order by table_name, ordinal_position`,
    );
    const byTable = (columns as unknown as { rows: { table_name: string; column_name: string }[] }).rows.reduce<Record<string, string[]>>((acc, r) => {
      (acc[r.table_name] ??= []).push(r.column_name);
      return acc;
    }, {});
    expect(byTable).toEqual({
      vitals_counts: ['day', 'page_type', 'locale', 'metric', 'seen'],
      vitals_samples: ['day', 'page_type', 'locale', 'metric', 'slot', 'value'],
    });
  });

  it('is swept after the retention days', async () => {
    let now = new Date(Date.now() - (RETENTION_DAYS + 2) * DAY_MS);
    const store = new VitalsStore({ db: shop.database.db, clock: () => now });
    await store.record({ page: 'other', locale: 'en-US', metrics: { LCP: 5000 } });
    // Only this test reports 'other' pages.
    const old = sql`page_type = 'other'`;
    const count = async () => ((await shop.database.db.execute(sql`select count(*)::int as n from ${vitalsCounts} where ${old}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await count()).toBe(1);
    now = new Date();
    await store.sweep();
    expect(await count()).toBe(0);
    const samples = await shop.database.db.execute(sql`select count(*)::int as n from ${vitalsSamples} where ${old}`);
    expect((samples as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
