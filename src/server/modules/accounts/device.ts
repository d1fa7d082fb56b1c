/**
 * The device of a sign-in as a person recognises it ("Firefox on Windows"), read off the
 * User-Agent header by a few ordered tests: no parser library, and no version numbers, so an
 * update of the browser is not a "new device" (docs/accounts-and-security.md "Staff sessions").
 */

export interface Device {
  /** '' when not recognised. */
  browser: string;
  os: string;
}

/** First match wins: browsers built on Chrome name Chrome too, and Chrome names Safari. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

/** Android and iOS before Linux and macOS: their agents name those too. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly (readonly [RegExp, string])[], agent: string) => table.find(([test]) => test.test(agent))?.[1] ?? '';

export function deviceOf(userAgent: string | undefined): Device {
  // Headers are the client's to choose: look at a bounded prefix only.
  const agent = (userAgent ?? '').slice(0, 512);
  return { browser: first(BROWSERS, agent), os: first(SYSTEMS, agent) };
}
