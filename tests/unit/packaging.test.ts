import fs from 'node:fs'
import path from 'node:path'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'
import type { Configuration } from 'electron-builder'
import { minimatch } from 'minimatch'
import { describe, expect, it } from 'vitest'
import { ffmpegPath, ffprobePath, outsideAsar } from '../../src/core/media/tools'

// Packaging cannot run here (it downloads Electron): these check what it would be given.
const root = path.resolve(__dirname, '..', '..')
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string
  scripts: Record<string, string>
}

/** electron-builder.yml as the electron-builder CLI reads it, checked against its schema. */
async function builderConfig(): Promise<Configuration> {
  const config = await getConfig(root, null, null)
  await validateConfiguration(config, new DebugLogger(false))
  return config
}

const targetNames = (target: unknown): string[] =>
  (Array.isArray(target) ? target : [target]).map((t: unknown) =>
    typeof t === 'string' ? t : String((t as { target: string }).target),
  )

// electron-builder matches paths inside the app this way (dot files included).
const matchesAny = (patterns: readonly string[], file: string): boolean =>
  patterns.some((p) => minimatch(file, p, { dot: true }))

describe('packaging', () => {
  it('builds AppImage and deb, dmg and nsis installers into dist/ without rebuilding native modules', async () => {
    const config = await builderConfig()
    expect(config.appId).toBe('org.episcore.app')
    expect(config.productName).toBe('Episcore')
    expect(config.directories?.output).toBe('dist')
    expect(targetNames(config.linux?.target)).toEqual(['AppImage', 'deb'])
    expect(targetNames(config.mac?.target)).toEqual(['dmg'])
    expect(targetNames(config.win?.target)).toEqual(['nsis'])
    expect(config.npmRebuild).toBe(false)
    expect(packageJson.scripts.dist).toBe('electron-vite build && electron-builder')
  })

  it('packs the built app with its main entry, and unpacks the native module and the ffmpeg/ffprobe binaries', async () => {
    const config = await builderConfig()
    const files = [config.files ?? []]
      .flat()
      .flatMap((f) => (typeof f === 'string' ? [f] : [f.filter ?? []].flat()))
    const main = path.posix.normalize(packageJson.main)
    expect(matchesAny(files, main)).toBe(true)
    expect(matchesAny(files, 'package.json')).toBe(true)
    // What electron-vite writes (the e2e tests and the bench run it first).
    if (fs.existsSync(path.join(root, 'out'))) expect(fs.existsSync(path.join(root, main))).toBe(true)

    const unpacked = [config.asarUnpack ?? []].flat()
    const inApp = (file: string): string => path.relative(root, file).split(path.sep).join('/')
    // The one Node-API binary that Node and Electron both load, as better-sqlite3 itself finds it.
    const sqliteDir = path.dirname(require.resolve('better-sqlite3/package.json'))
    const { getPrebuildPath } = (await import(path.join(sqliteDir, 'lib', 'binding.js'))) as {
      getPrebuildPath(): string | null
    }
    const sqliteAddon = getPrebuildPath()
    expect(sqliteAddon).not.toBeNull()
    expect(matchesAny(unpacked, inApp(sqliteAddon ?? ''))).toBe(true)
    for (const binary of [ffmpegPath(), ffprobePath()]) expect(matchesAny(unpacked, inApp(binary))).toBe(true)
  })

  it('runs ffmpeg and ffprobe from beside the asar archive, where they are unpacked', () => {
    const inside = '/opt/Episcore/resources/app.asar/node_modules/@ffmpeg-installer/linux-x64/ffmpeg'
    expect(outsideAsar(inside)).toBe(
      '/opt/Episcore/resources/app.asar.unpacked/node_modules/@ffmpeg-installer/linux-x64/ffmpeg',
    )
    const windows =
      'C:\\Episcore\\resources\\app.asar\\node_modules\\@ffprobe-installer\\win32-x64\\ffprobe.exe'
    expect(outsideAsar(windows)).toBe(
      'C:\\Episcore\\resources\\app.asar.unpacked\\node_modules\\@ffprobe-installer\\win32-x64\\ffprobe.exe',
    )
    // Already outside, or not packaged at all: left as it is.
    expect(outsideAsar(outsideAsar(inside))).toBe(outsideAsar(inside))
    expect(outsideAsar('/work/node_modules/@ffmpeg-installer/linux-x64/ffmpeg')).toBe(
      '/work/node_modules/@ffmpeg-installer/linux-x64/ffmpeg',
    )
  })
})
