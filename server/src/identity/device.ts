/**
 * A short device name from a User-Agent ("Firefox on Windows", "extranet CLI on Linux"): enough
 * for a user to recognise a session. A few patterns rather than a parser library (the maintained
 * one, ua-parser-js 2, is AGPL).
 */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  // HeadlessChrome: automated browsers (the end-to-end walks) are still Chrome to a user.
  [/\bCriOS\/|\b(?:Headless)?Chrom(?:e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bextranet-cli\b/, 'extranet CLI'],
  [/^curl\//, 'curl'],
  [/^node\b|\bundici\b/, 'Node.js'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biOS\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b|\bdarwin\b/i, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b|\blinux\b/, 'Linux'],
];

export function deviceOf(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 500);
  if (ua.trim() === '') return 'Unknown';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return (browser ?? system ?? ua.split(/[\s/]/)[0]!).slice(0, 100) || 'Unknown';
}
