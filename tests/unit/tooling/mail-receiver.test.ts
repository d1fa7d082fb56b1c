/** The test SMTP receiver's MIME reader (tests/support/mail-receiver.ts) keeps an attachment's bytes, as an order confirmation sends its invoice. */
import { describe, expect, it } from 'vitest';
import { parseMail } from '../../support/mail-receiver.ts';

const PDF = Buffer.from('%PDF-1.7\n\u00e9\n%%EOF\n', 'latin1');

const raw = [
  'Subject: =?UTF-8?B?' + Buffer.from('Order JS-7KQ4M-2XPHD confirmed').toString('base64') + '?=',
  'Content-Type: multipart/mixed; boundary="mixed"',
  '',
  '--mixed',
  'Content-Type: multipart/alternative; boundary="alt"',
  '',
  '--alt',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: 7bit',
  '',
  'Thank you for your order.',
  '--alt',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Thank you for your order.</p>',
  '--alt--',
  '--mixed',
  'Content-Type: application/pdf; name=INV-2026-000123.pdf',
  'Content-Transfer-Encoding: base64',
  'Content-Disposition: attachment; filename=INV-2026-000123.pdf',
  '',
  PDF.toString('base64'),
  '--mixed--',
  '',
].join('\r\n');

describe('the test mail receiver', () => {
  it('reads the text, the html and an attachment with its name, type and exact bytes', () => {
    const mail = parseMail(raw, ['guest@example.com']);
    expect(mail.subject).toBe('Order JS-7KQ4M-2XPHD confirmed');
    expect(mail.text).toContain('Thank you for your order.');
    expect(mail.html).toContain('<p>Thank you');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe('INV-2026-000123.pdf');
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.content.equals(PDF)).toBe(true);
  });
});
