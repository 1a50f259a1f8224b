import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const RENDERER = path.resolve(__dirname, '..', '..', 'src', 'renderer', 'src')
const TOKENS = path.join(RENDERER, 'tokens.css')
const COLOUR = /#[0-9a-fA-F]{3,8}\b|rgba?\(/

/** Every stylesheet and canvas painter of the renderer, but the tokens themselves. */
function rendererFiles(dir = RENDERER): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return rendererFiles(file)
    return /\.(css|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && file !== TOKENS
      ? [file]
      : []
  })
}

describe('one visual system', () => {
  it('takes every colour from the design tokens, so both themes cover every screen and canvas', () => {
    const literals = rendererFiles().flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          COLOUR.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line)
            ? [`${path.relative(RENDERER, file)}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    )
    expect(literals).toEqual([])
  })

  it('gives the dark theme a value for every colour the light one has', () => {
    const css = fs.readFileSync(TOKENS, 'utf8')
    const dark = css.slice(css.indexOf('prefers-color-scheme: dark'))
    const light = css.slice(0, css.indexOf('prefers-color-scheme: dark'))
    const names = (block: string): string[] =>
      [...block.matchAll(/(--[a-z0-9-]+):\s*(#|rgb)/g)].map((m) => m[1] ?? '').sort()
    expect(names(dark)).toEqual(names(light).filter((n) => n !== '--media-bg'))
  })
})
