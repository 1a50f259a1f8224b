/** JSON text that cannot be read: `where` is "line L, column C". */
export class JsonTextError extends Error {
  override name = 'JsonTextError'
  constructor(
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${where}: ${problem}`)
  }
}

const LITERALS = ['true', 'false', 'null']
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y

interface SyntaxProblem {
  at: number
  problem: string
}

/** The index just past the string that starts at `start`, or what is wrong with it. */
function stringEnd(text: string, start: number): number | SyntaxProblem {
  let i = start + 1
  for (;;) {
    const c = text[i]
    if (c === undefined) return { at: i, problem: 'unterminated string' }
    if (c === '"') return i + 1
    if (c < ' ')
      return { at: i, problem: 'control character inside a string (write it as \\n, \\t or \\u00XX)' }
    if (c === '\\') {
      ESCAPE.lastIndex = i
      if (!ESCAPE.test(text)) return { at: i, problem: 'bad escape sequence in a string' }
      i = ESCAPE.lastIndex
    } else i++
  }
}

type Expect = 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'next'

/**
 * Where JSON.parse gave up, found again by a small scanner: Node 20's messages often give no position
 * at all. Iterative, so a deeply nested file cannot overflow the stack.
 */
function syntaxProblem(text: string): SyntaxProblem | null {
  const open: string[] = []
  let i = 0
  let expect: Expect = 'value'
  const fail = (problem: string): SyntaxProblem => ({ at: i, problem })
  for (;;) {
    while (/[ \t\n\r]/.test(text[i] ?? '')) i++
    const c = text[i]
    if (expect === 'next') {
      const top = open.at(-1)
      if (top === undefined) return c === undefined ? null : fail('unexpected text after the JSON value')
      const close = top === '[' ? ']' : '}'
      if (c === ',') expect = top === '[' ? 'value' : 'key'
      else if (c === close) open.pop()
      else
        return fail(
          c === undefined ? `unexpected end of the file, expected '${close}'` : `expected ',' or '${close}'`,
        )
      i++
      continue
    }
    if (c === undefined) return fail(i === 0 ? 'the file is empty' : 'unexpected end of the file')
    if (expect === 'colon') {
      if (c !== ':') return fail("expected ':' after the property name")
      i++
      expect = 'value'
      continue
    }
    if ((expect === 'firstKey' && c === '}') || (expect === 'firstValue' && c === ']')) {
      open.pop()
      i++
      expect = 'next'
      continue
    }
    const wantsKey: boolean = expect === 'key' || expect === 'firstKey'
    if (wantsKey && c !== '"') return fail('expected a property name in double quotes')
    if (c === '{' || c === '[') {
      open.push(c)
      i++
      expect = c === '{' ? 'firstKey' : 'firstValue'
      continue
    }
    if (c === '"') {
      const end = stringEnd(text, i)
      if (typeof end !== 'number') return end
      i = end
      expect = wantsKey ? 'colon' : 'next'
      continue
    }
    NUMBER.lastIndex = i
    const literal = LITERALS.find((l) => text.startsWith(l, i))
    if (literal) i += literal.length
    else if (NUMBER.test(text)) i = NUMBER.lastIndex
    else return fail(`unexpected character ${JSON.stringify(c)}`)
    expect = 'next'
  }
}

/**
 * Where arrays and objects nest deeper than `limit`, found by skipping from bracket to bracket outside
 * strings: no recursion, and quick on a large file. Text that is not JSON is left to the parser.
 */
function tooDeepAt(text: string, limit: number): number | null {
  const token = /["[\]{}]/g
  const inString = /["\\]/g
  let depth = 0
  for (let m = token.exec(text); m; m = token.exec(text)) {
    const c = m[0]
    if (c === '"') {
      inString.lastIndex = token.lastIndex
      let s = inString.exec(text)
      while (s && s[0] === '\\') {
        inString.lastIndex = s.index + 2
        s = inString.exec(text)
      }
      if (!s) return null
      token.lastIndex = inString.lastIndex
    } else if (c === '[' || c === '{') {
      if (++depth > limit) return m.index
    } else depth--
  }
  return null
}

function lineAndColumn(text: string, at: number): string {
  const before = text.slice(0, at).split(/\r\n|\r|\n/)
  return `line ${before.length}, column ${(before.at(-1) ?? '').length + 1}`
}

/**
 * JSON.parse whose failures say where: the line and column of a syntax error, or of the bracket that
 * nests deeper than `maxDepth` (what later walks the value, like JSON.stringify, would overflow on).
 */
export function parseJsonText(text: string, maxDepth = Infinity): unknown {
  const body = text.replace(/^\uFEFF/, '')
  const deep = Number.isFinite(maxDepth) ? tooDeepAt(body, maxDepth) : null
  if (deep !== null)
    throw new JsonTextError(lineAndColumn(body, deep), `nested more than ${maxDepth} levels deep`)
  try {
    return JSON.parse(body)
  } catch (error) {
    const found = syntaxProblem(body) ?? {
      at: body.length,
      problem: error instanceof Error ? error.message : String(error),
    }
    throw new JsonTextError(lineAndColumn(body, found.at), found.problem)
  }
}
