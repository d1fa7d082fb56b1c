import { describe, expect, it, vi } from 'vitest';
import { memoByText } from '../../../../src/server/http/text-memo.ts';

describe('memoByText', () => {
  it('reads each header text once, a missing header and a null answer too', () => {
    const read = vi.fn((header: string | undefined) => (header === 'none' ? null : (header ?? 'absent').toUpperCase()));
    const memo = memoByText(read);
    for (let i = 0; i < 3; i++) {
      expect(memo('gzip, br')).toBe('GZIP, BR');
      expect(memo(undefined)).toBe('absent'.toUpperCase());
      expect(memo('none')).toBeNull();
    }
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('keeps at most `max` texts, so clients sending ever new ones cannot grow it', () => {
    const read = vi.fn((header: string | undefined) => header?.length ?? 0);
    const memo = memoByText(read, 2);
    memo('a');
    memo('bb');
    memo('a');
    expect(read).toHaveBeenCalledTimes(2);
    // A third text starts over: the first is read again when it comes back.
    expect(memo('ccc')).toBe(3);
    expect(memo('a')).toBe(1);
    expect(read).toHaveBeenCalledTimes(4);
  });
});
