/**
 * Answers read from a request's text, kept by that text: clients send a handful of distinct
 * Accept-Language and Accept-Encoding values and repeat their search queries, and reading them
 * again (splits, trims, patterns, normalisation) was a measurable share of a cached answer's time
 * (docs/performance.md "The read path"). Any client can send any text, so at most `max` are kept;
 * past that the memo starts over.
 */
export function memoByText<K extends string | undefined, T>(read: (text: K) => T, max = 256): (text: K) => T {
  const answers = new Map<K, T>();
  return (text) => {
    let answer = answers.get(text);
    if (answer === undefined && !answers.has(text)) {
      answer = read(text);
      if (answers.size >= max) answers.clear();
      answers.set(text, answer);
    }
    return answer as T;
  };
}
