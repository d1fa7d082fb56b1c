import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, prefixPattern } from '../../../../src/server/db/like.ts';

describe('like patterns from typed text', () => {
  it('escapes the wildcards and the escape character so they match only themselves', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(prefixPattern('JS-7K%')).toBe('JS-7K\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
