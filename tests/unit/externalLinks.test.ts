import { describe, expect, it } from 'vitest'
import { externalUrl, shouldOpenExternally } from '../../src/main/externalLinks'

describe('links leaving the app', () => {
  it('opens web pages in the system browser', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=agentic-rl',
      'http://example.com',
      'HTTPS://EXAMPLE.COM/Path?q=1#frag',
      'https://例え.jp/',
      'https://127.0.0.1:8080/x',
      'https://[::1]/',
    ])
      expect(shouldOpenExternally(url), url).toBe(true)
  })

  it('refuses every other scheme: local files, scripts, data and programs registered for a scheme', () => {
    for (const url of [
      'file:///etc/passwd',
      'file://server/share/run.exe',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://example.com/0a1b',
      'vbscript:msgbox(1)',
      'ms-msdt:/id PCWDiagnostic',
      'search-ms:query=x',
      'smb://server/share',
      'ftp://example.com/file',
      'mailto:someone@example.com',
      'episcore-media://media/e1',
      'chrome://settings',
      'about:blank',
      'ws://example.com',
    ])
      expect(shouldOpenExternally(url), url).toBe(false)
  })

  it('refuses what is not quite a web address: malformed, disguised, with credentials, or not text', () => {
    for (const url of [
      '',
      'example.com',
      '//example.com/x',
      '/relative/path',
      'https://',
      'http:',
      'https://user:pass@example.com/',
      'https://bank.example.com@evil.example/',
      ' https://example.com',
      'https://example.com/\n',
      'java\tscript:alert(1)',
      '\u0000https://example.com',
      'https://exa mple.com',
      'https://example.com/\u0085',
      `https://example.com/${'a'.repeat(9000)}`,
      'https://[::1',
      'http://%zz/',
    ])
      expect(shouldOpenExternally(url), JSON.stringify(url)).toBe(false)
    for (const value of [undefined, null, 42, {}, ['https://example.com'], new URL('https://example.com')])
      expect(shouldOpenExternally(value)).toBe(false)
  })

  it('hands the browser the parsed address, with characters a shell could misread percent-encoded', () => {
    expect(externalUrl('https://example.com/a"b')).toBe('https://example.com/a%22b')
    expect(externalUrl('HTTPS://Example.COM')).toBe('https://example.com/')
    expect(externalUrl('https://example.com/a?x=<y>')).toBe('https://example.com/a?x=%3Cy%3E')
  })
})
