/**
 * The account pages' pure parts: schema messages to catalogue keys (both catalogues have every
 * key), server field messages, the login redirect, the birthday selects and the resend countdown.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../../src/domain/account.model.ts';
import { changePasswordRequestSchema, registerRequestSchema, resetPasswordRequestSchema } from '../../../../src/domain/account.schema.ts';
import { fieldMessage } from '../../../../src/domain/field-messages.ts';
import enAccount from '../../../../src/i18n/locales/en-US/account.json' with { type: 'json' };
import zhAccount from '../../../../src/i18n/locales/zh-CN/account.json' with { type: 'json' };
import { birthdayOf, birthdayParts, birthdayProblem, birthdayYears, localIsoDate } from '../../../../src/islands/account/birthday.ts';
import { VALIDATION_KEYS, firstIssuePerField, formMessage } from '../../../../src/islands/account/messages.ts';
import { serverFieldErrors } from '../../../../src/islands/form/server-issues.ts';
import { afterLoginPath } from '../../../../src/islands/account/navigation.ts';
import { resendDeadline, secondsLeft } from '../../../../src/islands/account/resend.ts';

describe('form messages', () => {
  it('find the catalogue key of every message the account forms use, in both languages', () => {
    for (const key of VALIDATION_KEYS) {
      const english = fieldMessage(key, { max: 50 });
      expect(formMessage(english)).toEqual(key === 'tooLong' ? { key, values: { max: 50 } } : { key });
      expect(enAccount.validation[key], key).toBeTruthy();
      expect(zhAccount.validation[key], key).toBeTruthy();
    }
  });

  it('the English catalogue says what the specification says, word for word', () => {
    for (const key of VALIDATION_KEYS) if (key !== 'tooLong') expect(enAccount.validation[key]).toBe(ACCOUNT_MESSAGES[key]);
    expect(enAccount.validation.tooLong.replace('{{max}}', '9')).toBe(fieldMessage('tooLong', { max: 9 }));
  });

  it('show a message without a key as it is', () => {
    expect(formMessage('Something new')).toEqual({ text: 'Something new' });
  });

  it('take the first message per field from a schema run, as the forms show them', () => {
    const register = registerRequestSchema.safeParse({ firstName: ' ', lastName: '', email: 'nope', password: '123' });
    expect(register.success).toBe(false);
    expect(firstIssuePerField(register.error!.issues)).toEqual({
      firstName: ACCOUNT_MESSAGES.firstNameRequired,
      lastName: ACCOUNT_MESSAGES.lastNameRequired,
      email: ACCOUNT_MESSAGES.emailInvalid,
      password: ACCOUNT_MESSAGES.passwordLength,
    });
    const reset = resetPasswordRequestSchema.safeParse({ email: 'a@example.com', code: '123456', password: 'Kit#4242', confirmPassword: 'Kit#4243' });
    expect(firstIssuePerField(reset.error!.issues)).toEqual({ confirmPassword: ACCOUNT_MESSAGES.resetPasswordsInconsistent });
    const change = changePasswordRequestSchema.safeParse({ password: '', confirmPassword: '' });
    expect(firstIssuePerField(change.error!.issues)).toEqual({ password: ACCOUNT_MESSAGES.newPasswordRequired, confirmPassword: ACCOUNT_MESSAGES.confirmPasswordRequired });
  });

  it('read the fields out of a server 1001 answer', () => {
    expect(
      serverFieldErrors([
        { path: 'body.birthday', message: 'Invalid date' },
        { path: 'body.email', message: 'The Email is invalid' },
        { path: 'body.email', message: 'a second problem of the same field' },
      ]),
    ).toEqual({
      birthday: 'Invalid date',
      email: 'The Email is invalid',
    });
    expect(serverFieldErrors([{ path: 'body.birthday.day', message: '日期无效' }])).toEqual({ birthday: '日期无效' });
    expect(serverFieldErrors([{ path: 'body', message: 'Unrecognized key: "roles"' }])).toEqual({});
    expect(serverFieldErrors([])).toEqual({});
  });
});

describe('after login', () => {
  it('goes to the redirect query when it is a path on this site', () => {
    expect(afterLoginPath('?redirect=%2Fzh-CN%2Fmyprofile%2F', '/zh-CN/')).toBe('/zh-CN/myprofile/');
    expect(afterLoginPath(`?${new URLSearchParams({ redirect: '/en-US/orders/?page=2' })}`, '/en-US/')).toBe('/en-US/orders/?page=2');
  });

  it('goes to the root otherwise: no query, another site, a scheme, a protocol-relative or backslashed path', () => {
    for (const search of ['', '?redirect=', '?redirect=https://evil.example/', '?redirect=//evil.example/', '?redirect=/\\evil.example', '?redirect=javascript:alert(1)', '?redirect=%2F%09%2Fevil.example']) {
      expect(afterLoginPath(search, '/en-US/'), search).toBe('/en-US/');
    }
  });
});

describe('birthday', () => {
  const now = new Date(2026, 4, 20, 9, 30);

  it('needs all three parts', () => {
    expect(birthdayProblem({ day: '', month: '', year: '' }, now)).toBe('birthdayRequired');
    expect(birthdayProblem({ day: '3', month: '', year: '1990' }, now)).toBe('birthdayRequired');
    expect(birthdayOf({ day: '3', month: '', year: '1990' })).toBeNull();
  });

  it('is an invalid date when the day does not exist or has not come yet', () => {
    expect(birthdayProblem({ day: '31', month: '4', year: '1990' }, now)).toBe('invalidDate');
    expect(birthdayProblem({ day: '29', month: '2', year: '2023' }, now)).toBe('invalidDate');
    expect(birthdayProblem({ day: '21', month: '5', year: '2026' }, now)).toBe('invalidDate');
    expect(birthdayProblem({ day: '1', month: '1', year: '1899' }, now)).toBe('invalidDate');
  });

  it('accepts a real past date, 29 February of a leap year and today', () => {
    expect(birthdayProblem({ day: '29', month: '2', year: '2024' }, now)).toBeNull();
    expect(birthdayProblem({ day: '20', month: '5', year: '2026' }, now)).toBeNull();
    expect(birthdayOf({ day: '14', month: '2', year: '1990' })).toEqual({ day: 14, month: 2, year: 1990 });
  });

  it('fills the selects from a saved birthday, or leaves them empty', () => {
    expect(birthdayParts({ day: 4, month: 7, year: 1988 })).toEqual({ day: '4', month: '7', year: '1988' });
    expect(birthdayParts(null)).toEqual({ day: '', month: '', year: '' });
  });

  it('offers this year back to 1900, and today is the local date', () => {
    const years = birthdayYears(now);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(127);
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('resend countdown', () => {
  it('counts whole seconds up to the deadline, then 0', () => {
    const deadline = resendDeadline(10_000, 60);
    expect(deadline).toBe(70_000);
    expect(secondsLeft(deadline, 10_000)).toBe(60);
    expect(secondsLeft(deadline, 10_001)).toBe(60);
    expect(secondsLeft(deadline, 11_000)).toBe(59);
    expect(secondsLeft(deadline, 69_999)).toBe(1);
    expect(secondsLeft(deadline, 70_000)).toBe(0);
    expect(secondsLeft(deadline, 99_000)).toBe(0);
  });

  it('never waits for a negative time', () => {
    expect(resendDeadline(5000, -3)).toBe(5000);
  });
});
