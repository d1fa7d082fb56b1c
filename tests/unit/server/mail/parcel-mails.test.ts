/** The parcel mails (src/server/mail/parcel-mails.ts): each parcel with its carrier, tracking and lines, in both languages; the correction names what it replaces. */
import { describe, expect, it } from 'vitest';
import { parcelCorrectionMail, parcelMail, type MailParcel } from '../../../../src/server/mail/parcel-mails.ts';

const base = { orderNo: 'JS-7KQ4M-2XPHD', link: 'https://shop.example/en-US/order-detail/JS-7KQ4M-2XPHD', firstName: 'Ada <b>' };
const line = { name: 'Home shirt', size: 'M' as const, quantity: 2, customType: 3 as const, customName: 'SMITH', customNumber: '7', squadPlayerName: null, squadPlayerNumber: null, premiumNameOption: 'Standard' as const, premiumNumberOption: 'Standard' as const, patches: [], addonItems: [] };
const dhl: MailParcel = { carrier: 'DHL', trackingNumber: 'JD01', trackingUrl: 'https://www.dhl.com/t?id=JD01&x=1', lines: [line] };
const ups: MailParcel = { carrier: 'UPS', trackingNumber: '1Z02', trackingUrl: null, lines: [{ ...line, name: 'Away shirt', quantity: 1, customType: 1, customName: null, customNumber: null }] };

describe('parcel mails', () => {
  it('say whether the order is complete, list each parcel with its lines and print, link the carrier’s page', () => {
    const part = parcelMail('en-US', { ...base, parcels: [dhl], complete: false });
    expect(part.subject).toBe('Part of order JS-7KQ4M-2XPHD has shipped');
    expect(part.text).toContain('Tracking number: JD01');
    expect(part.text).toContain('Track the parcel: https://www.dhl.com/t?id=JD01&x=1');
    expect(part.text).toContain('Home shirt (size M) x 2');
    expect(part.text).toContain('Name SMITH · Number 7');
    expect(part.html).toContain('href="https://www.dhl.com/t?id=JD01&amp;x=1"');
    expect(part.html).toContain('Ada &lt;b&gt;');
    const all = parcelMail('en-US', { ...base, parcels: [dhl, ups], complete: true });
    expect(all.subject).toBe('Order JS-7KQ4M-2XPHD has shipped');
    expect(all.text).toContain('Parcel 1');
    expect(all.text).toContain('Parcel 2');
    expect(all.text).toContain('Away shirt (size M) x 1');
    expect(parcelMail('en-US', { ...base, parcels: [ups], complete: true }).text).not.toContain('Track the parcel');
    const zh = parcelMail('zh-CN', { ...base, parcels: [dhl], complete: false });
    expect(zh.subject).toBe('订单 JS-7KQ4M-2XPHD 已部分发货');
    expect(zh.text).toContain('运单号：JD01');
  });

  it("list a team roster's rows in a parcel under the team's heading, in the order's language", () => {
    const eagles = { id: '0b7f4c1e-8d2a-4f5b-9c3e-1a2b3c4d5e6f', name: 'Eagles' };
    const team: MailParcel = { ...ups, lines: [{ ...line, group: eagles }, { ...line, customName: 'JONES', customNumber: '5', quantity: 1, group: eagles }, ups.lines[0]!] };
    const en = parcelMail('en-US', { ...base, parcels: [team], complete: true });
    expect(en.text).toContain('Team: Eagles · 3 shirts\n  - Home shirt (size M) x 2\n    Name SMITH · Number 7\n  - Home shirt (size M) x 1\n    Name JONES · Number 5\n- Away shirt (size M) x 1');
    expect(en.html).toContain('<strong>Team: Eagles · 3 shirts</strong>');
    expect(parcelMail('zh-CN', { ...base, parcels: [team], complete: true }).text).toContain('球队：Eagles · 3 件球衣\n  - Home shirt (尺码 M) x 2');
  });

  it('tell a correction once, with the details it replaces', () => {
    const mail = parcelCorrectionMail('zh-CN', { ...base, parcel: ups, before: { carrier: 'DHL', trackingNumber: 'JD01' } });
    expect(mail.subject).toBe('订单 JS-7KQ4M-2XPHD 的物流信息已更新');
    expect(mail.text).toContain('1Z02');
    expect(mail.text).toContain('更正前：DHL JD01');
  });
});
