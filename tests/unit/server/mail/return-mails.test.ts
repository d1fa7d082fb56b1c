/**
 * The mails of a return or claim (src/server/mail/return-mails.ts), in both languages: approved with
 * staff's instructions, declined with their reason (their words escaped in the HTML, their lines
 * kept), the goods received, and resolved by a refund or by a free replacement order named.
 */
import { describe, expect, it } from 'vitest';
import { returnMail, type ReturnMailData } from '../../../../src/server/mail/return-mails.ts';

const base: ReturnMailData = { returnNo: 'RT-4821', orderNo: 'JS-7KQ4M-2XPHD', kind: 'return', firstName: 'Ada', link: 'https://shop.example/en-US/order-detail/JS-7KQ4M-2XPHD?token=a&b=1' };
const instructions = 'Send the shirt to:\nJersey Shop, 1 Print Lane <Unit 2>';

describe('return mails', () => {
  it('approved: the instructions as staff typed them, every line kept, escaped in the HTML; the order page linked', () => {
    const en = returnMail('en-US', 'approved', { ...base, note: instructions });
    expect(en.subject).toBe('Your return request RT-4821 was approved');
    expect(en.text).toContain('Hello Ada');
    expect(en.text).toContain('Your return request RT-4821 for order JS-7KQ4M-2XPHD was approved. What to do next:');
    expect(en.text).toContain(instructions);
    expect(en.text).toContain(base.link);
    expect(en.html).toContain('Send the shirt to:<br>Jersey Shop, 1 Print Lane &lt;Unit 2&gt;');
    expect(en.html).not.toContain('<Unit 2>');
    expect(en.html).toContain('href="https://shop.example/en-US/order-detail/JS-7KQ4M-2XPHD?token=a&amp;b=1"');

    const zh = returnMail('zh-CN', 'approved', { ...base, kind: 'claim', note: '请将球衣寄回：\n上海市印制路 1 号' });
    expect(zh.subject).toBe('您的质量问题反馈 RT-4821 已通过');
    expect(zh.text).toContain('您为订单 JS-7KQ4M-2XPHD 提交的质量问题反馈 RT-4821 已通过。接下来请按以下说明操作：');
    expect(zh.text).toContain('请将球衣寄回：\n上海市印制路 1 号');
    expect(zh.html).toContain('请将球衣寄回：<br>上海市印制路 1 号');
  });

  it('declined: the reason given, in either language', () => {
    const en = returnMail('en-US', 'declined', { ...base, note: 'Printed shirts cannot be returned' });
    expect(en.subject).toBe('Your return request RT-4821 was declined');
    expect(en.text).toContain('was declined. The reason:');
    expect(en.text).toContain('Printed shirts cannot be returned');
    const zh = returnMail('zh-CN', 'declined', { ...base, note: '已超过退货期限' });
    expect(zh.subject).toBe('您的退货申请 RT-4821 未通过');
    expect(zh.text).toContain('很抱歉，您为订单 JS-7KQ4M-2XPHD 提交的退货申请 RT-4821 未通过。原因：');
    expect(zh.text).toContain('已超过退货期限');
    expect(zh.html).toContain('已超过退货期限');
  });

  it('received: the goods arrived', () => {
    expect(returnMail('en-US', 'received', base)).toMatchObject({ subject: 'We received the items of RT-4821' });
    expect(returnMail('en-US', 'received', base).text).toContain('The items you sent back for RT-4821 (order JS-7KQ4M-2XPHD) arrived.');
    const zh = returnMail('zh-CN', 'received', base);
    expect(zh.subject).toBe('我们已收到 RT-4821 寄回的商品');
    expect(zh.text).toContain('您为 RT-4821（订单 JS-7KQ4M-2XPHD）寄回的商品已到达');
  });

  it('resolved by a refund, or by a free replacement naming its order, in either language', () => {
    const refunded = returnMail('en-US', 'refunded', base);
    expect(refunded.subject).toBe('RT-4821 is settled with a refund');
    expect(refunded.text).toContain('we refunded the items through PayPal');
    const zhRefunded = returnMail('zh-CN', 'refunded', base);
    expect(zhRefunded.subject).toBe('RT-4821 已退款处理');
    expect(zhRefunded.text).toContain('相关商品已通过 PayPal 退款');

    const replaced = returnMail('en-US', 'replaced', { ...base, kind: 'claim', replacementOrderNo: 'JS-9ABCD-EFGHJ' });
    expect(replaced.subject).toBe('A free replacement for RT-4821: order JS-9ABCD-EFGHJ');
    expect(replaced.text).toContain('Your claim RT-4821 for order JS-7KQ4M-2XPHD is settled with a free replacement: order JS-9ABCD-EFGHJ goes into production now');
    const zhReplaced = returnMail('zh-CN', 'replaced', { ...base, kind: 'claim', replacementOrderNo: 'JS-9ABCD-EFGHJ' });
    expect(zhReplaced.subject).toBe('RT-4821 免费补发：订单 JS-9ABCD-EFGHJ');
    expect(zhReplaced.text).toContain('补发订单 JS-9ABCD-EFGHJ 现已进入制作');
  });

  it('the request received says which kind it is', () => {
    expect(returnMail('en-US', 'requested', base).subject).toBe('We received your return request RT-4821');
    expect(returnMail('en-US', 'requested', { ...base, kind: 'claim' }).subject).toBe('We received your claim RT-4821');
    expect(returnMail('zh-CN', 'requested', { ...base, kind: 'claim' }).subject).toBe('我们已收到您的质量问题反馈 RT-4821');
  });
});
