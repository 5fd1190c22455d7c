import { describe, expect, it } from 'vitest'
import { deviceName } from '../../../src/features/account/device-name'
import { groupSecret } from '../../../src/features/account/two-factor-setup'

describe('deviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome on iOS',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0', 'Firefox on Android'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    ['curl/8.5.0', 'curl'],
    [null, 'Unknown device'],
    ['   ', 'Unknown device'],
  ])('%s → %s', (userAgent, name) => expect(deviceName(userAgent)).toBe(name))

  it('shows an unknown agent itself, shortened', () => {
    expect(deviceName('SomeInternalTool/1.0')).toBe('SomeInternalTool/1.0')
    const long = `Robot/${'x'.repeat(100)}`
    expect(deviceName(long)).toHaveLength(60)
    expect(deviceName(long).endsWith('…')).toBe(true)
  })
})

describe('groupSecret', () => {
  it('groups a base32 secret by four for reading', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB')
  })
})
