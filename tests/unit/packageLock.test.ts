import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm install` rewrites package-lock.json whenever its root entry differs from what npm derives from
// package.json, so a fresh clone would start with a changed file. The root entry is checked against that
// derivation (npm 11's @npmcli/arborist: shrinkwrap.js pkgMetaKeys, node.js hasInstallScript).
const root = path.resolve(__dirname, '..', '..')
const read = (file: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>

/** The fields of package.json npm copies into the lock's root entry, as it names them there. */
const COPIED = [
  'version',
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'optionalDependencies',
  'bundleDependencies',
  'acceptDependencies',
  'funding',
  'engines',
  'os',
  'cpu',
  'libc',
  'license',
  'bin',
  'deprecated',
  'workspaces',
] as const

/** npm counts these, and only these, as install scripts (prepare runs on install but is not one). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const

describe('package-lock.json', () => {
  it('has the root entry npm writes from package.json, so npm install leaves a clone unchanged', () => {
    const pkg = read('package.json')
    const lock = read('package-lock.json') as { packages: Record<string, Record<string, unknown>> }
    const scripts = (pkg.scripts ?? {}) as Record<string, string>
    const expected: Record<string, unknown> = {
      name: pkg.name,
      ...Object.fromEntries(COPIED.filter((key) => pkg[key] !== undefined).map((key) => [key, pkg[key]])),
      ...(INSTALL_SCRIPTS.some((script) => scripts[script]) && { hasInstallScript: true }),
    }
    expect(lock.packages['']).toEqual(expected)
    // This package has a preinstall (the Node version check): the lock must say so.
    expect(lock.packages['']?.hasInstallScript).toBe(true)
  })
})
