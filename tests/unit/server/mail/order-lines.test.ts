/** An order line in mail (src/server/mail/order-lines.ts): its print's rows worded from the server's catalogue, in both languages. */
import { describe, expect, it } from 'vitest';
import { lineDetails, renderMailLine, type MailLine } from '../../../../src/server/mail/order-lines.ts';

const line = (change: Partial<MailLine>): MailLine => ({
  name: 'Home shirt',
  size: 'M',
  quantity: 2,
  lineTotal: 9000,
  customType: 3,
  customName: 'SMITH',
  customNumber: '7',
  premiumNameOption: 'Gold',
  premiumNumberOption: 'Standard',
  patches: [
    { patchName: 'Premier League', patchPrice: 500 },
    { patchName: 'Fair play', patchPrice: 300 },
  ],
  addonItems: [{ name: 'Home shorts', price: 1999 }],
  ...change,
});

describe('an order line in mail', () => {
  it('says the name, number, premium lettering, each patch and add-on, in English and Chinese', () => {
    expect(lineDetails(line({}), 'en-US')).toBe('Name SMITH · Number 7 · Name print: Gold · Patch: Premier League · Patch: Fair play · Add-on: Home shorts');
    expect(lineDetails(line({ premiumNameOption: 'Standard', premiumNumberOption: 'Silver' }), 'zh-CN')).toBe('名字 SMITH · 号码 7 · 号码字体: Silver · 臂章: Premier League · 臂章: Fair play · 加购: Home shorts');
  });

  it('says nothing of a blank shirt, and a number 0 all the same', () => {
    expect(lineDetails(line({ customType: 1, customName: null, customNumber: null, premiumNameOption: 'Standard', patches: [], addonItems: [] }), 'en-US')).toBe('');
    expect(lineDetails(line({ customName: 'A', customNumber: '0', premiumNameOption: 'Standard', patches: [], addonItems: [] }), 'en-US')).toBe('Name A · Number 0');
  });

  it('puts the details under the summary, as text and escaped in HTML', () => {
    const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
    const escape = (value: string) => value.replace(/</g, '&lt;');
    const en = renderMailLine(line({ name: 'Shirt <b>', patches: [], addonItems: [] }), 'en-US', money, escape, 'padding:0');
    expect(en.text).toBe('- Shirt <b> (size M) x 2: €90.00\n  Name SMITH · Number 7 · Name print: Gold');
    expect(en.html).toContain('Shirt &lt;b> (size M) x 2<br><span style="color:#666;font-size:13px">Name SMITH · Number 7 · Name print: Gold</span>');
    expect(renderMailLine(line({ customType: 4, customName: null, customNumber: null, premiumNameOption: 'Standard', patches: [], addonItems: [] }), 'zh-CN', money, escape, '').text).toBe('- Home shirt (尺码 M) x 2: €90.00');
  });
});
