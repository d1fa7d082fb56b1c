/** The account forms' rules (docs/accounts-and-security.md), shared by pages and server. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ROLES, birthdayFromIso, birthdayToIso, hasAnyRole, isCalendarDate } from '../../../src/domain/account.model.ts';
import { changePasswordRequestSchema, emailSchema, newPasswordSchema, profileRequestSchema, registerRequestSchema } from '../../../src/domain/account.schema.ts';
import { COMMON_PASSWORDS, isCommonPassword } from '../../../src/domain/common-passwords.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : result.error!.issues.map((i) => i.message));

describe('passwords', () => {
  it('takes 6 to 15 characters and says so otherwise', () => {
    const schema = newPasswordSchema();
    expect(messages(schema.safeParse(''))).toEqual([ACCOUNT_MESSAGES.passwordRequired]);
    expect(messages(schema.safeParse('Ab1-x'))).toEqual([ACCOUNT_MESSAGES.passwordLength]);
    expect(schema.safeParse('Ab1-xy').success).toBe(true);
    expect(schema.safeParse('Ab1-xAb1-xAb1-x').success).toBe(true);
    expect(messages(schema.safeParse('Ab1-xAb1-xAb1-xY'))).toEqual([ACCOUNT_MESSAGES.passwordLength]);
  });

  it('property: length alone decides, for passwords off the common list', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (password) => {
        fc.pre(!isCommonPassword(password));
        expect(newPasswordSchema().safeParse(password).success).toBe(password.length >= 6 && password.length <= 15);
      }),
    );
  });

  it('refuses common passwords whatever their case or surrounding spaces', () => {
    for (const password of ['password1', 'PASSWORD1', ' Qwerty123 ', 'liverpool', 'iloveyou']) {
      expect(messages(newPasswordSchema().safeParse(password)), password).toEqual([ACCOUNT_MESSAGES.passwordCommon]);
    }
    expect(isCommonPassword('Gr33n-Shirt-77')).toBe(false);
  });

  it('keeps a list of a few hundred lower-case entries', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase());
  });

  it('names the change-password mismatch as the specification does', () => {
    expect(messages(changePasswordRequestSchema.safeParse({ password: 'Gr33n-Shirt', confirmPassword: 'Gr33n-Shirx' }))).toEqual([ACCOUNT_MESSAGES.changePasswordsInconsistent]);
    expect(ACCOUNT_MESSAGES.changePasswordsInconsistent).toBe('The two passwords are inconsistent');
    expect(ACCOUNT_MESSAGES.resetPasswordsInconsistent).toBe('The two passwords entered are inconsistent');
  });
});

describe('emails', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it.each(['', '   '])('asks for one when empty (%j)', (value) => {
    expect(messages(emailSchema.safeParse(value))).toEqual([ACCOUNT_MESSAGES.emailRequired]);
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada example@x.com', `${'a'.repeat(250)}@x.com`])('refuses %j', (value) => {
    expect(messages(emailSchema.safeParse(value))).toEqual([ACCOUNT_MESSAGES.emailInvalid]);
  });
});

describe('registration', () => {
  it('reports every missing field with its own message', () => {
    expect(messages(registerRequestSchema.safeParse({}))).toEqual([
      ACCOUNT_MESSAGES.firstNameRequired,
      ACCOUNT_MESSAGES.lastNameRequired,
      ACCOUNT_MESSAGES.emailRequired,
      ACCOUNT_MESSAGES.passwordRequired,
    ]);
  });
});

describe('birthdays', () => {
  it.each([
    [{ day: 29, month: 2, year: 2000 }, true],
    [{ day: 29, month: 2, year: 1900 }, false],
    [{ day: 29, month: 2, year: 2024 }, true],
    [{ day: 29, month: 2, year: 2023 }, false],
    [{ day: 31, month: 4, year: 1990 }, false],
    [{ day: 30, month: 4, year: 1990 }, true],
    [{ day: 0, month: 1, year: 1990 }, false],
    [{ day: 1, month: 0, year: 1990 }, false],
    [{ day: 1, month: 1, year: 1899 }, false],
    [{ day: 1.5, month: 1, year: 1990 }, false],
  ])('%j is a calendar date: %s', (birthday, expected) => {
    expect(isCalendarDate(birthday)).toBe(expected);
  });

  it('round-trips through ISO text', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const birthday = { day: date.getUTCDate(), month: date.getUTCMonth() + 1, year: date.getUTCFullYear() };
        expect(isCalendarDate(birthday)).toBe(true);
        expect(birthdayFromIso(birthdayToIso(birthday))).toEqual(birthday);
        expect(birthdayToIso(birthday)).toBe(date.toISOString().slice(0, 10));
      }),
    );
  });

  it('asks for a birthday in the profile and calls a bad one "Invalid date"', () => {
    const base = { email: 'a@b.co', firstName: 'A', lastName: 'B' };
    expect(messages(profileRequestSchema.safeParse(base))).toEqual([ACCOUNT_MESSAGES.birthdayRequired]);
    expect(messages(profileRequestSchema.safeParse({ ...base, birthday: { day: 31, month: 2, year: 1990 } }))).toEqual([ACCOUNT_MESSAGES.invalidDate]);
  });
});

describe('roles', () => {
  it('lets R_SUPER through every check and anyone through a check with no roles', () => {
    expect(hasAnyRole([ROLES.SUPER], [ROLES.ADMIN])).toBe(true);
    expect(hasAnyRole([ROLES.CUSTOMER], [])).toBe(true);
    expect(hasAnyRole([ROLES.CUSTOMER], [ROLES.ADMIN])).toBe(false);
    expect(hasAnyRole([ROLES.ADMIN], [ROLES.ADMIN])).toBe(true);
    expect(hasAnyRole([], [ROLES.ADMIN])).toBe(false);
  });
});
