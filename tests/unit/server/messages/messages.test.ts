/**
 * The API's messages (src/server/messages): both catalogues complete and alike, the English
 * wording the specification fixes, rendering in either locale, the message mechanics shared with
 * the pages' translator (domain/translate.ts), and the errors that carry message ids.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ANSWERS } from '../../../../src/domain/account.model.ts';
import { CODES } from '../../../../src/domain/api/envelope.ts';
import { FIELD_MESSAGES, fieldMessage, fieldMessageOf, type FieldMessageKey } from '../../../../src/domain/field-messages.ts';
import { keyOfMessage, placeholdersOf } from '../../../../src/domain/translate.ts';
import enAccount from '../../../../src/i18n/locales/en-US/account.json' with { type: 'json' };
import zhAccount from '../../../../src/i18n/locales/zh-CN/account.json' with { type: 'json' };
import { VALIDATION_KEYS } from '../../../../src/islands/account/messages.ts';
import { AppError, fail, invalidFields, notFound, tooManyRequests } from '../../../../src/server/errors.ts';
import { CATALOGUES, msg, render, renderSchemaText } from '../../../../src/server/messages/index.ts';

const en = CATALOGUES['en-US'];
const zh = CATALOGUES['zh-CN'];

describe('the API message catalogues', () => {
  it('have every message id in both locales', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(100);
    for (const [id, text] of Object.entries(zh)) expect(text.trim(), id).not.toBe('');
  });

  it('give each message the same {{placeholders}} in both locales', () => {
    const different = Object.keys(en).filter((id) => placeholdersOf(en[id]!).join() !== placeholdersOf(zh[id]!).join());
    expect(different).toEqual([]);
  });

  it('say every zh-CN message in Chinese', () => {
    const untranslated = Object.entries(zh).filter(([, text]) => !/\p{Script=Han}/u.test(text));
    expect(untranslated).toEqual([]);
  });

  it('keep the wording the specification fixes (docs/api.md) and the shared schemas give', () => {
    expect(render('account.editSucceeded')).toBe('Edit Success');
    expect(render('account.loginFailed')).toBe('Login failed');
    expect(render('account.resetFailed')).toBe('Password reset failed');
    expect(render('account.resetSucceeded')).toBe('Password reset successful');
    expect(render('account.codeSent')).toBe('Verification code sent successfully');
    expect(render('session.accountDisabled')).toBe('User status is invalid, please log in again');
    expect(render(msg('throttle.codeNotSent', { wait: msg('wait.seconds', { count: 60 }) }))).toBe(
      `${ACCOUNT_ANSWERS.codeNotSent}: please wait 60 seconds before asking for another code`,
    );
    for (const key of Object.keys(FIELD_MESSAGES) as FieldMessageKey[]) expect(en[`field.${key}`], key).toBe(FIELD_MESSAGES[key]);
  });

  it('say the account forms’ messages as the account pages do, in both locales', () => {
    for (const key of VALIDATION_KEYS) {
      expect(en[`field.${key}`], key).toBe(enAccount.validation[key]);
      expect(zh[`field.${key}`], key).toBe(zhAccount.validation[key]);
    }
  });
});

describe('render', () => {
  it('says a message in the locale asked for, English by default', () => {
    expect(render('notFound.product')).toBe('Product not found');
    expect(render('notFound.product', 'zh-CN')).toBe('商品不存在');
    expect(render(msg('cart.onlyLeft', { stock: 2, size: 'M' }), 'en-US')).toBe('Only 2 left in size M');
    expect(render(msg('cart.onlyLeft', { stock: 2, size: 'M' }), 'zh-CN')).toBe('M 码仅剩 2 件');
  });

  it('renders a value that is itself a message in the same locale, with its plural form', () => {
    const wait = (count: number) => msg('throttle.login', { wait: msg('wait.minutes', { count }) });
    expect(render(wait(1), 'en-US')).toBe('Too many failed sign-in attempts, please try again in 1 minute');
    expect(render(wait(14), 'en-US')).toBe('Too many failed sign-in attempts, please try again in 14 minutes');
    expect(render(wait(14), 'zh-CN')).toBe('登录失败次数过多，请在 14 分钟后重试');
  });

  it('words a shared schema’s field message from the catalogue, and other schema text only in English', () => {
    expect(renderSchemaText('Please enter the Email', 'zh-CN')).toBe('请输入电子邮箱');
    expect(renderSchemaText('At most 50 characters', 'zh-CN')).toBe('最多 50 个字符');
    expect(renderSchemaText('Name must be 1-15 letters A-Z', 'zh-CN')).toBe('名字必须是 1-15 个字母 A-Z');
    expect(renderSchemaText('quantity must be at least 1', 'en-US')).toBe('quantity must be at least 1');
    expect(renderSchemaText('quantity must be at least 1', 'zh-CN')).toBe('取值无效');
  });
});

describe('message ids are checked by type', () => {
  it('refuses unknown ids, missing values and values an id does not take', () => {
    // Each line below fails type checking (npm run typecheck) if the check it names is lost.
    // @ts-expect-error an id that is not in the catalogue
    expect(render('cart.nonsense')).toBe('cart.nonsense');
    // @ts-expect-error an id with placeholders given without its values
    expect(() => fail(CODES.CONFLICT, 'cart.full')).not.toThrow();
    // @ts-expect-error a value the message does not take
    expect(msg('cart.full', { max: 50, size: 'M' }).id).toBe('cart.full');
    // @ts-expect-error a value missing
    expect(msg('cart.onlyLeft', { stock: 1 }).id).toBe('cart.onlyLeft');
    // @ts-expect-error count picks the plural form, so it is a number
    expect(msg('wait.minutes', { count: 'three' }).id).toBe('wait.minutes');
    // @ts-expect-error notFound names a thing the catalogue has a message for
    expect(notFound('unicorn').code).toBe(CODES.NOT_FOUND);
  });
});

describe('errors carry message ids', () => {
  it('are worded per locale, with English as the Error message for logs', () => {
    const error = fail(CODES.OUT_OF_STOCK, msg('cart.soldOut', { size: 'XL' }));
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('Size XL is sold out');
    expect(error.messageIn('zh-CN')).toBe('XL 码已售罄');
    expect(error.status).toBe(409);
  });

  it('keep their data, and word field problems into data.issues', () => {
    const throttled = tooManyRequests(msg('throttle.newsletter', { wait: msg('wait.seconds', { count: 30 }) }), 29.2);
    expect(throttled.dataIn('zh-CN')).toEqual({ retryAfterSeconds: 30 });
    expect(throttled.headers).toEqual({ 'retry-after': '30' });
    expect(throttled.messageIn('zh-CN')).toBe('您的网络订阅次数过多，请在 30 秒后重试');

    const refused = invalidFields({ path: 'body.birthday', problem: msg('field.invalidDate') }, { path: 'body.email', schemaText: 'The Email is invalid' }, { path: 'body.size', schemaText: 'size must be one of S, M' });
    expect(refused.message).toBe('Invalid request: body.birthday: Invalid date; body.email: The Email is invalid; body.size: size must be one of S, M');
    expect(refused.messageIn('zh-CN')).toBe('请求无效：body.birthday: 日期无效; body.email: 电子邮箱格式不正确; body.size: 取值无效');
    expect(refused.dataIn('zh-CN')).toEqual({
      issues: [
        { path: 'body.birthday', message: '日期无效' },
        { path: 'body.email', message: '电子邮箱格式不正确' },
        { path: 'body.size', message: '取值无效' },
      ],
    });
  });
});

describe('message mechanics shared with the pages (domain/translate.ts)', () => {
  it('read a filled-in message back into its key and values', () => {
    const table = { tooLong: 'At most {{max}} characters', between: 'From {{min}} to {{max}} of {{what}}', same: '{{a}} and {{a}}', plain: 'Please enter the City' };
    expect(keyOfMessage(table, 'At most 200 characters')).toEqual({ key: 'tooLong', values: { max: 200 } });
    expect(keyOfMessage(table, 'From 1 to 5 of (stars)')).toEqual({ key: 'between', values: { min: 1, max: 5, what: '(stars)' } });
    expect(keyOfMessage(table, 'x and x')).toEqual({ key: 'same', values: { a: 'x' } });
    expect(keyOfMessage(table, 'x and y')).toBeNull();
    expect(keyOfMessage(table, 'Please enter the City')).toEqual({ key: 'plain' });
    expect(keyOfMessage(table, 'At most many characters!')).toBeNull();
  });

  it('find the key of every shared schema message, with its values', () => {
    for (const key of Object.keys(FIELD_MESSAGES) as FieldMessageKey[]) {
      const values = placeholdersOf(FIELD_MESSAGES[key]).length ? { max: 15 } : undefined;
      expect(fieldMessageOf(fieldMessage(key, values)), key).toEqual(values ? { key, values } : { key });
    }
    expect(fieldMessageOf('something else')).toBeNull();
  });

  it('list the placeholders of a message once each', () => {
    expect(placeholdersOf('{{b}} {{a}} {{ b }}')).toEqual(['a', 'b']);
    expect(placeholdersOf('none')).toEqual([]);
  });
});
