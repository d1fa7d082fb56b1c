import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../../src/domain/script-json.ts';

describe('jsonForScript', () => {
  it('cannot close the script element or open a comment', () => {
    const text = jsonForScript({ name: 'Shirt</script><script>alert(1)</script><!--', note: 'A & B' });
    expect(text).not.toMatch(/<|>|&/);
    expect(text.toLowerCase()).not.toContain('</script');
  });

  it('escapes the line separators', () => {
    expect(jsonForScript({ s: 'a\u2028b\u2029c' })).toBe('{"s":"a\\u2028b\\u2029c"}');
  });

  it('parses back to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(jsonForScript(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
