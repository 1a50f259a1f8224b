import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { tempFolder } from '../tempFolder'

/**
 * Two modules that import each other, however far round, load in an order that depends on which is
 * imported first: a value read before its module has run is undefined, and each part stops being
 * readable alone. Type-only imports count too: the type then has no home of its own.
 */

const SOURCE = /\.(ts|tsx|mts|cts)$/

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** The file a relative specifier names, as the bundlers resolve it; null for a package or a missing file. */
function resolved(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const bare = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''))
  const withoutJs = bare.replace(/\.(js|jsx|mjs|cjs)$/, '')
  const candidates = [
    bare,
    ...['.ts', '.tsx', '.mts', '.cts', '.d.ts'].map((ext) => withoutJs + ext),
    ...['index.ts', 'index.tsx'].map((index) => path.join(bare, index)),
  ]
  return (
    candidates.find((file) => SOURCE.test(file) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? null
  )
}

/** Every import of every source file under `folder`: static, type-only, re-exports and dynamic `import()`. */
function importGraph(folder: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(folder)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles.map((imported) => resolved(file, imported.fileName))
    graph.set(file, [...new Set(targets.filter((target): target is string => target !== null))])
  }
  return graph
}

/** One circle per strongly connected group of modules (Tarjan), each as the path that goes round it. */
function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  let next = 0
  const visit = (file: string): void => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group)
  }
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file)
  return groups.map((group) => roundPath(graph, new Set(group)))
}

/** A path from the group's first file (by name) back to it through the group's files only. */
function roundPath(graph: Map<string, string[]>, group: Set<string>): string[] {
  const start = [...group].sort()[0]!
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const target of graph.get(file) ?? []) {
      if (!group.has(target)) continue
      if (target === start) {
        const round = [start]
        for (let at = file; at !== start; at = cameFrom.get(at)!) round.splice(1, 0, at)
        return [...round, start]
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file)
        queue.push(target)
      }
    }
  }
  return [start, start]
}

function circlesUnder(folder: string): string[] {
  return importCircles(importGraph(folder)).map((round) =>
    round.map((file) => path.relative(folder, file).split(path.sep).join('/')).join(' -> '),
  )
}

describe('import circles', () => {
  it('finds none in src/, type-only imports included', () => {
    expect(circlesUnder(path.resolve(__dirname, '..', '..', 'src'))).toEqual([])
  })

  it('finds a circle however it is made: through a type, a re-export, a dynamic import or an index', () => {
    const folder = tempFolder('episcore-import-circles-')
    const write = (file: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true })
      fs.writeFileSync(path.join(folder, file), text)
    }
    write('a.ts', "import type { B } from './b'\nexport type A = { b: B }\n")
    write('b.ts', "export * from './c'\nexport type B = number\n")
    write('c.ts', "export const load = () => import('./lib')\n")
    write('lib/index.ts', "// import './nowhere' is a comment\nexport { a } from '../d'\n")
    write('d.tsx', "import type { A } from './a.js'\nexport const a = 1 as unknown as A\n")
    write('alone.ts', "import { a } from './d'\nimport 'react'\nexport const x = a\n")
    write('self.ts', "export * from './self'\n")
    try {
      expect(circlesUnder(folder).sort()).toEqual([
        'a.ts -> b.ts -> c.ts -> lib/index.ts -> d.tsx -> a.ts',
        'self.ts -> self.ts',
      ])
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })
})
