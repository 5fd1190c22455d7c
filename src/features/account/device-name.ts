// "Chrome on Linux" from a User-Agent header, for the sessions list. A dozen patterns cover the
// browsers operators use; anything else shows the header itself, shortened. (A parser library
// such as ua-parser-js or bowser weighs more than this page for a label nobody acts on.)
const BROWSERS: [RegExp, string][] = [
  // Order matters: Edge, Opera and Samsung say "Chrome" too, Chrome says "Safari".
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
  [/\bnode-fetch\b|\bundici\b|^node\b/i, 'Node.js'],
]

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
]

const find = (table: [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1]

/** "Chrome on Linux", "Safari on iOS", "Firefox"; else the header cut to `max` characters. */
export function deviceName(userAgent: string | null | undefined, max = 60): string {
  const text = userAgent?.trim() ?? ''
  if (text === '') return 'Unknown device'
  const browser = find(BROWSERS, text)
  const system = find(SYSTEMS, text)
  if (browser && system) return `${browser} on ${system}`
  if (browser) return browser
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
