import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CODES, VISITOR_ID_MAX_AGE_SECONDS, VISITOR_ID_PATTERN, classifyCode, type CodeKind } from '../../../../src/domain/api/envelope.ts';

const SPECIAL = new Set(['0000', '9999', '9998', '3333', '8888', '8889', '7777', '7778']);

describe('classifyCode', () => {
  it.each<[string, CodeKind]>([
    ['0000', 'success'],
    ['9999', 'expired'],
    ['9998', 'expired'],
    ['3333', 'expired'],
    ['8888', 'forced-logout'],
    ['8889', 'forced-logout'],
    ['7777', 'modal-logout'],
    ['7778', 'modal-logout'],
  ])('spec code %s is %s', (code, kind) => {
    expect(classifyCode(code)).toBe(kind);
  });

  it.each(['1001', '1002', '1404', '1409', '1410', '1429', '1500', '1503', '0001', '000', '00000', '0', '', ' 0000', '0000 ', '9997', '3334', '8887', '7779', 'success', '7777\n'])(
    'code %j is a failure',
    (code) => {
      expect(classifyCode(code)).toBe('failure');
    },
  );

  it('our own failure codes are all classified as failures and are distinct', () => {
    const own = [
      CODES.INVALID_INPUT,
      CODES.MALFORMED_JSON,
      CODES.UNSUPPORTED_MEDIA_TYPE,
      CODES.PAYLOAD_TOO_LARGE,
      CODES.NOT_FOUND,
      CODES.CONFLICT,
      CODES.OUT_OF_STOCK,
      CODES.TOO_MANY_REQUESTS,
      CODES.INTERNAL,
      CODES.UNAVAILABLE,
    ];
    expect(new Set(own).size).toBe(own.length);
    for (const code of own) {
      expect(SPECIAL.has(code)).toBe(false);
      expect(classifyCode(code)).toBe('failure');
    }
  });

  it('property: any four-digit code outside the specification list is a failure', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), (n) => {
        const code = String(n).padStart(4, '0');
        const kind = classifyCode(code);
        if (SPECIAL.has(code)) expect(kind).not.toBe('failure');
        else expect(kind).toBe('failure');
      }),
    );
  });

  it('property: any other string is a failure', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }).filter((s) => !SPECIAL.has(s)),
        (code) => {
          expect(classifyCode(code)).toBe('failure');
        },
      ),
    );
  });
});

describe('visitor id constants', () => {
  it('cookie lives 7 days and the id is 32 lower-case hex characters', () => {
    expect(VISITOR_ID_MAX_AGE_SECONDS).toBe(604800);
    expect(VISITOR_ID_PATTERN.test('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(VISITOR_ID_PATTERN.test('0123456789ABCDEF0123456789ABCDEF')).toBe(false);
    expect(VISITOR_ID_PATTERN.test('0123456789abcdef0123456789abcde')).toBe(false);
    expect(VISITOR_ID_PATTERN.test('0123456789abcdef0123456789abcdef0')).toBe(false);
    expect(VISITOR_ID_PATTERN.test('g123456789abcdef0123456789abcdef')).toBe(false);
  });
});
