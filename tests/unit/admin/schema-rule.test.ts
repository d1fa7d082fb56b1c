/** The form rules the back office takes from the shared schemas (src/admin/widgets/schema-rule.ts). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { navAddRequestSchema } from '../../../src/domain/back-office/navigation.schema.ts';
import { couponEditSchema } from '../../../src/domain/coupons.schema.ts';
import { adminMoveRequestSchema } from '../../../src/domain/orders.schema.ts';
import { schemaRule } from '../../../src/admin/widgets/schema-rule.ts';

async function verdict(schema: z.ZodType, value: unknown): Promise<string | null> {
  const rule = schemaRule(schema, 'the message shown');
  try {
    await rule.validator!({} as never, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('schemaRule', () => {
  it('passes what the schema takes and refuses the rest with the screen’s message', async () => {
    const schema = z.int().min(1).max(100);
    expect(await verdict(schema, 42)).toBeNull();
    expect(await verdict(schema, 0)).toBe('the message shown');
    expect(await verdict(schema, 2.5)).toBe('the message shown');
  });

  it('leaves an empty field to the required rule', async () => {
    const schema = z.string().min(3);
    for (const empty of [undefined, null, '', '   ']) expect(await verdict(schema, empty)).toBeNull();
  });

  it('holds the rules the server holds: the navigation tag, the coupon code and percentage, the tracking number and page', async () => {
    const tag = navAddRequestSchema.shape.tag;
    expect(await verdict(tag, 'world-cup-2026')).toBeNull();
    expect(await verdict(tag, 'World Cup')).not.toBeNull();
    expect(await verdict(tag, 'a--b')).not.toBeNull();

    const code = couponEditSchema.shape.code;
    expect(await verdict(code, 'summer_10')).toBeNull();
    expect(await verdict(code, 'ab')).not.toBeNull();
    expect(await verdict(code, 'x'.repeat(33))).not.toBeNull();
    expect(await verdict(code, 'no spaces')).not.toBeNull();

    const percent = couponEditSchema.shape.percent;
    expect(await verdict(percent, 100)).toBeNull();
    expect(await verdict(percent, 101)).not.toBeNull();

    const { trackingNumber, trackingUrl } = adminMoveRequestSchema.shape;
    expect(await verdict(trackingNumber, ' 1Z999-AA10 ')).toBeNull();
    expect(await verdict(trackingNumber, 'abc')).not.toBeNull();
    expect(await verdict(trackingUrl, 'https://track.example/1Z999')).toBeNull();
    expect(await verdict(trackingUrl, 'ftp://track.example/1Z999')).not.toBeNull();
  });
});
