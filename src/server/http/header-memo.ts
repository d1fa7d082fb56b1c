/**
 * Answers read from a request header, kept by the header's text: clients send a handful of
 * distinct Accept-Language and Accept-Encoding values, and parsing them again (splits, trims,
 * patterns) was a measurable share of a cached answer's time (docs/performance.md "The read
 * path"). Any client can send any text, so at most `max` are kept; past that the memo starts over.
 */
export function memoByHeader<T>(read: (header: string | undefined) => T, max = 256): (header: string | undefined) => T {
  const answers = new Map<string | undefined, T>();
  return (header) => {
    let answer = answers.get(header);
    if (answer === undefined && !answers.has(header)) {
      answer = read(header);
      if (answers.size >= max) answers.clear();
      answers.set(header, answer);
    }
    return answer as T;
  };
}
