/** Small server parts of accounts: the throttle's wording, error logging, mail templates, configuration. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../../src/server/config.ts';
import { loggableError } from '../../../../../src/server/errors.ts';
import { emailChangedMail, escapeHtml, loginCodeMail, resetCodeMail, welcomeMail } from '../../../../../src/server/mail/templates.ts';
import { render } from '../../../../../src/server/messages/index.ts';
import { describeWait } from '../../../../../src/server/modules/accounts/rate-limit.ts';
import { expectRefused } from '../../../../support/refused.ts';

describe('describeWait', () => {
  it.each([
    [0.2, '1 second', '1 秒'],
    [42, '42 seconds', '42 秒'],
    [119, '119 seconds', '119 秒'],
    [120, '2 minutes', '2 分钟'],
    [899, '15 minutes', '15 分钟'],
  ])('%s s reads "%s"', (seconds, english, chinese) => {
    expect(render(describeWait(seconds), 'en-US')).toBe(english);
    expect(render(describeWait(seconds), 'zh-CN')).toBe(chinese);
  });
});

describe('loggableError', () => {
  it('keeps the first line of a failed query and drops its parameters and the driver detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_uq"'), { code: '23505', detail: 'Key (email)=(ada@example.com) already exists.' });
    const error = new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ada@example.com,scrypt$15$8$3$c2FsdA==$aGFzaA==', { cause });
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('ada@example.com');
    expect(logged).not.toContain('scrypt$15');
  });

  it('copes with things that are not errors', () => {
    expect(loggableError('text')).toEqual({ type: 'string' });
  });
});

describe('mail templates', () => {
  const links = { site: 'https://shop.example/views/', locale: 'en-US' as const };

  it.each([
    ['reset', resetCodeMail, 'reset-pwd'],
    ['sign-in', loginCodeMail, 'code-login'],
  ] as const)('puts a %s code in the text and the HTML but not the subject, linking to its module, in both languages', (_purpose, codeMail, module) => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const mail = codeMail({ ...links, locale }, '042917', 10);
      expect(mail.text).toContain('042917');
      expect(mail.html).toContain('042917');
      expect(mail.subject).not.toContain('042917');
      expect(mail.html).toContain(`https://shop.example/views/${locale}/login?module=${module}`);
      expect(mail.html).toContain(`lang="${locale}"`);
    }
  });

  it('says in Chinese how long a code lives, and names each code', () => {
    expect(resetCodeMail({ ...links, locale: 'zh-CN' }, '042917', 10).text).toContain('10 分钟');
    expect(loginCodeMail({ ...links, locale: 'zh-CN' }, '042917', 10).subject).toBe('您的登录验证码');
  });

  it('escapes what shoppers typed in the HTML and keeps it as typed in the text', () => {
    const mail = welcomeMail(links, '<img src=x onerror=alert(1)>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
    expect(emailChangedMail(links, 'a"b@example.com').html).toContain('a&quot;b@example.com');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('account configuration', () => {
  it('makes a random AUTH_SECRET outside production, and says it did', () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a.authSecretGenerated).toBe(true);
    expect(a.authSecret).toHaveLength(43);
    expect(a.authSecret).not.toBe(b.authSecret);
    const given = loadConfig({ AUTH_SECRET: 'x'.repeat(40) });
    expect(given).toMatchObject({ authSecret: 'x'.repeat(40), authSecretGenerated: false });
  });

  it('refuses to start in production without AUTH_SECRET or with a cheap password hash', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PASSWORD_HASH_COST: '12' })).toThrow(/PASSWORD_HASH_COST/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PAYPAL_ENV: 'simulator', SMTP_URL: 'smtp://mail.example', PUBLIC_SITE_URL: 'https://shop.example' }).passwordHashCost).toBe(15);
  });

  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toMatchObject({
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 86_400,
      passwordHashCost: 15,
      smtpUrl: null,
      mailFrom: 'Jersey Shop <no-reply@localhost>',
      outboxDir: '/srv/shop/.data/outbox',
    });
  });

  it.each([
    ['AUTH_SECRET', 'too-short'],
    ['PASSWORD_HASH_COST', '9'],
    ['PASSWORD_HASH_COST', '21'],
    ['ACCESS_TOKEN_TTL_SECONDS', '5'],
    ['REFRESH_TOKEN_TTL_DAYS', '0'],
    ['SMTP_URL', 'http://mail.example'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expectRefused(() => loadConfig({ [name]: value }), ConfigError, name);
  });
});
