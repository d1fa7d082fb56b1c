/** The erasure's text scrubber: whole words in any case, strings only (never a JSON key), unspaced names anywhere. */
import { describe, expect, it } from 'vitest';
import { ERASED_NAME, erasedPseudonym, nameVariants, scrubberFor } from '../../../src/server/personal-data.ts';

const pseudonym = erasedPseudonym(42);
const scrub = scrubberFor({ emails: ['ann.lee+shop@example.com'], names: ['Ann Lee', '王小明', 'X'] }, pseudonym);

describe('scrubberFor', () => {
  it('replaces the email in any case, and only whole', () => {
    expect(scrub.text('Mail ANN.LEE+shop@Example.com now.')).toBe(`Mail ${pseudonym} now.`);
    expect(scrub.text('xann.lee+shop@example.com and ann.lee+shop@example.com.au')).toBe('xann.lee+shop@example.com and ann.lee+shop@example.com.au');
  });

  it('replaces names only when asked, as whole words; the whole name first', () => {
    expect(scrub.text('Called Ann Lee about the Annual sale')).toBe('Called Ann Lee about the Annual sale');
    expect(scrub.text('Called Ann Lee about the Annual sale; lee was out', true)).toBe(`Called ${ERASED_NAME} about the Annual sale; ${ERASED_NAME} was out`);
    expect(scrub.text('联系了王小明先生', true)).toBe(`联系了${ERASED_NAME}先生`);
  });

  it('changes the strings of a JSON value, never its keys or shape', () => {
    expect(scrub.json({ ann: ['ann', 3, null, { text: 'ann.lee+shop@example.com' }] }, true)).toEqual({ ann: [ERASED_NAME, 3, null, { text: pseudonym }] });
    expect(scrub.mentions('to ann.lee+shop@example.com')).toBe(true);
    expect(scrub.mentions('Ann was here')).toBe(false);
    expect(scrub.mentions('Ann was here', true)).toBe(true);
  });

  it('keeps names of two characters or more, and each word of a whole name', () => {
    expect(nameVariants(['  Mary  Ann  Lee ', 'X', null, 'Jo'])).toEqual(['mary ann lee', 'mary', 'ann', 'lee', 'jo']);
  });
});
