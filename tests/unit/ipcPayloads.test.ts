import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  MAX_SAVE_TEXT_LENGTH,
  callPayload,
  chooseFilePayload,
  droppedFilePayload,
  episodeIdPayload,
  saveTextPayload,
} from '../../src/main/ipcPayloads'
import { contract, type MethodName } from '../../src/shared/contract'

/** Values of every type a structured clone carries, none of them what any channel expects. */
const WRONG_TYPES: unknown[] = [
  undefined,
  null,
  0,
  1n,
  true,
  {},
  [],
  ['media'],
  { kind: 'media' },
  new Date(0),
  new Map([['media', 1]]),
  new Uint8Array([1]),
  new String('media'),
]

const ABSOLUTE = path.resolve('/tmp/interview.vtt')

describe('IPC payloads', () => {
  it('passes a call through as method and request, with the request left for the contract', () => {
    const request = { id: 'e1' }
    expect(callPayload(['episodes.open', request])).toEqual({
      method: 'episodes.open',
      request,
      viewBase: null,
    })
    expect(callPayload(['episodes.list'])).toEqual({
      method: 'episodes.list',
      request: undefined,
      viewBase: null,
    })
    expect(callPayload(['episodes.list', undefined])).toEqual({
      method: 'episodes.list',
      request: undefined,
      viewBase: null,
    })
    expect(callPayload(['episodes.open', request, '0123456789ab.42'])).toEqual({
      method: 'episodes.open',
      request,
      viewBase: '0123456789ab.42',
    })
    expect(callPayload(['episodes.open', request, null])).toEqual({
      method: 'episodes.open',
      request,
      viewBase: null,
    })
  })

  it('refuses a call with a method that is not a short string, or with extra arguments', () => {
    for (const method of [...WRONG_TYPES, '', 'x'.repeat(101)]) expect(callPayload([method, {}])).toBeNull()
    expect(callPayload([])).toBeNull()
    expect(callPayload(['episodes.open', { id: 'e1' }, '/etc/passwd'])).toBeNull()
    for (const viewBase of [...WRONG_TYPES.filter((v) => v != null), '', '0123456789ab.1'.repeat(5)])
      expect(callPayload(['episodes.open', { id: 'e1' }, viewBase])).toBeNull()
    expect(callPayload(['episodes.open', { id: 'e1' }, null, 'more'])).toBeNull()
  })

  it('accepts exactly the three dialog kinds, and nothing else', () => {
    expect(['media', 'transcript', 'episode'].map((k) => chooseFilePayload([k]))).toEqual([
      'media',
      'transcript',
      'episode',
    ])
    for (const kind of [
      ...WRONG_TYPES,
      '',
      'MEDIA',
      'toString',
      '__proto__',
      'hasOwnProperty',
      '/etc/passwd',
    ])
      expect(chooseFilePayload([kind])).toBeNull()
    expect(chooseFilePayload([])).toBeNull()
    expect(chooseFilePayload(['media', 'transcript'])).toBeNull()
  })

  it('accepts a dropped file only as one absolute path without control characters', () => {
    expect(droppedFilePayload([ABSOLUTE])).toBe(ABSOLUTE)
    expect(droppedFilePayload([path.join(path.dirname(ABSOLUTE), 'sub', '..', 'a.mp3')])).toBe(
      path.join(path.dirname(ABSOLUTE), 'a.mp3'),
    )
    const refused = [
      ...WRONG_TYPES,
      '',
      'interview.vtt',
      '../../etc/passwd',
      './a.mp3',
      `${ABSOLUTE}\u0000.mp3`,
      `${ABSOLUTE}\n`,
      `/${'a'.repeat(5000)}`,
    ]
    for (const file of refused) expect(droppedFilePayload([file])).toBeNull()
    expect(droppedFilePayload([])).toBeNull()
    expect(droppedFilePayload([ABSOLUTE, ABSOLUTE])).toBeNull()
  })

  it('keeps only the last part of a suggested file name, so the page cannot pick the folder', () => {
    expect(saveTextPayload(['episode.html', '<p>'])).toEqual({ defaultName: 'episode.html', text: '<p>' })
    expect(saveTextPayload(['../../.bashrc', 'x'])?.defaultName).toBe('.bashrc')
    expect(saveTextPayload(['/home/someone/.ssh/authorized_keys', 'x'])?.defaultName).toBe('authorized_keys')
    expect(saveTextPayload(['C:\\Users\\someone\\Startup\\run.bat', 'x'])?.defaultName).toBe('run.bat')
    expect(saveTextPayload([' chapters.json ', ''])).toEqual({ defaultName: 'chapters.json', text: '' })
  })

  it('refuses a save with wrong types, an empty or odd name, too much text or extra arguments', () => {
    for (const value of WRONG_TYPES) {
      expect(saveTextPayload([value, 'text'])).toBeNull()
      expect(saveTextPayload(['name.txt', value])).toBeNull()
    }
    for (const name of ['', ' ', '.', '..', 'folder/', 'a\u0000.txt', 'a\nb.txt', 'x'.repeat(256)])
      expect(saveTextPayload([name, 'text'])).toBeNull()
    expect(saveTextPayload(['big.txt', 'x'.repeat(MAX_SAVE_TEXT_LENGTH + 1)])).toBeNull()
    expect(saveTextPayload(['name.txt'])).toBeNull()
    expect(saveTextPayload(['name.txt', 'text', '/etc/passwd'])).toBeNull()
  })
})

/** Every method whose request names a file, with the fields that hold a handle. */
const FILE_FIELDS: [MethodName, Record<string, unknown>, string][] = [
  ['episodes.create', {}, 'media'],
  ['episodes.create', { media: `file-${'a'.repeat(32)}` }, 'transcript'],
  ['episodes.load', {}, 'file'],
  ['episodes.relinkMedia', { id: 'e1' }, 'media'],
  ['transcript.import', { id: 'e1' }, 'file'],
]

describe('requests that cross IPC, checked by the contract', () => {
  const HANDLE = `file-${'0123456789abcdef'.repeat(2)}`
  const PATHS = [
    '/etc/passwd',
    '../../../etc/passwd',
    'C:\\Windows\\win.ini',
    '\\\\server\\share\\file',
    'file:///etc/passwd',
    `${HANDLE}/../../etc/passwd`,
    `/${HANDLE}`,
    `${HANDLE}\u0000`,
    HANDLE.toUpperCase(),
  ]

  it('takes a file handle where a file is named, and refuses a path in its place', () => {
    for (const [method, rest, field] of FILE_FIELDS) {
      const schema = contract[method].request
      expect(schema.safeParse({ ...rest, [field]: HANDLE }).success, `${method} ${field}`).toBe(true)
      for (const file of PATHS)
        expect(schema.safeParse({ ...rest, [field]: file }).success, `${method} ${field}: ${file}`).toBe(
          false,
        )
    }
  })

  it('refuses fields a method does not have, for every method', () => {
    for (const method of Object.keys(contract) as MethodName[]) {
      const parsed = contract[method].request.safeParse({ path: '/etc/passwd' })
      expect(parsed.success, method).toBe(false)
    }
  })
})

describe('showMediaInFolder(episodeId)', () => {
  it('takes one episode id as the contract bounds them, never a path or anything else', () => {
    expect(episodeIdPayload(['agentic-rl-2025-05-09'])).toBe('agentic-rl-2025-05-09')
    for (const args of [[], [''], ['x'.repeat(65)], [42], [{ path: '/etc' }], ['a', 'b']])
      expect(episodeIdPayload(args)).toBeNull()
  })
})
