import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** Every way of starting or stopping a listener or timer without a scope, one a line. */
const RAW_CALLS = [
  'setTimeout(() => undefined, 10)',
  'window.setTimeout(() => undefined, 10)',
  'clearTimeout(0)',
  'window.clearTimeout(0)',
  'setInterval(() => undefined, 10)',
  'clearInterval(0)',
  'requestAnimationFrame(() => undefined)',
  'cancelAnimationFrame(0)',
  'globalThis.requestAnimationFrame(() => undefined)',
  'requestIdleCallback(() => undefined)',
  'cancelIdleCallback(0)',
  "window.addEventListener('keydown', () => undefined)",
  "document.body.removeEventListener('click', () => undefined, true)",
  "matchMedia('(prefers-color-scheme: dark)')?.addEventListener('change', () => undefined)",
]
const SNIPPET = `${RAW_CALLS.join('\n')}\n`
const SCOPE_RULES = new Set(['no-restricted-globals', 'no-restricted-properties'])

/** The lines of the snippet that the project's lint refuses for want of a scope, at `filePath`. */
async function refusedLines(filePath: string): Promise<number[]> {
  const [result] = await new ESLint().lintText(SNIPPET, { filePath })
  const lines = (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && SCOPE_RULES.has(message.ruleId))
    .map((message) => message.line)
  return [...new Set(lines)]
}

describe("the renderer's lint", () => {
  it('refuses a raw listener or timer anywhere in the renderer', async () => {
    const every = RAW_CALLS.map((_, k) => k + 1)
    expect(await refusedLines('src/renderer/src/episode/someNewHook.ts')).toEqual(every)
    expect(await refusedLines('src/renderer/src/library/SomeNewScreen.tsx')).toEqual(every)
  })

  it('lets the scope make the raw calls, and leaves the other parts alone', async () => {
    expect(await refusedLines('src/renderer/src/scope.ts')).toEqual([])
    expect(await refusedLines('src/core/someNewModule.ts')).toEqual([])
  })
})
