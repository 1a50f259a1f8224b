import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// npm 11 skips a dependency's install script unless `allowScripts` names the package, and warns about each
// one it skipped: every package with such a script is decided in package.json, allowed or denied.
const root = path.resolve(__dirname, '..', '..')
const LIFECYCLE = ['preinstall', 'install', 'postinstall'] as const

/** Every installed package's folder, nested ones too. */
function packageFolders(modules: string): string[] {
  if (!fs.existsSync(modules)) return []
  return fs.readdirSync(modules, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name.startsWith('.')) return []
    const folder = path.join(modules, entry.name)
    if (entry.name.startsWith('@')) return packageFolders(folder)
    return [folder, ...packageFolders(path.join(folder, 'node_modules'))]
  })
}

describe('install scripts', () => {
  it('names every installed package that has an install script in allowScripts, as allowed or denied', () => {
    const { allowScripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      allowScripts: Record<string, boolean>
    }
    const withScripts = new Set<string>()
    for (const folder of packageFolders(path.join(root, 'node_modules'))) {
      const file = path.join(folder, 'package.json')
      if (!fs.existsSync(file)) continue
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        name?: string
        scripts?: Record<string, string>
      }
      if (pkg.name && LIFECYCLE.some((script) => pkg.scripts?.[script] !== undefined))
        withScripts.add(pkg.name)
    }
    expect(withScripts.size).toBeGreaterThan(0)
    expect([...withScripts].filter((name) => !(name in allowScripts))).toEqual([])
    // Decided on purpose: the Squirrel installer's 7-Zip step (the Windows target is nsis) and a message.
    expect(allowScripts['electron-winstaller']).toBe(false)
    expect(allowScripts['es5-ext']).toBe(false)
  })
})
