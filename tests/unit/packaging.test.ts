import fs from 'node:fs'
import path from 'node:path'
import { FileMatcher } from 'app-builder-lib/out/fileMatcher'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'
import type { Configuration } from 'electron-builder'
import { minimatch } from 'minimatch'
import { describe, expect, it } from 'vitest'
import { ffmpegPath, ffprobePath, outsideAsar } from '../../src/core/media/tools'
import { tempFolder } from '../tempFolder'

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

/** The `files` patterns, whether written as strings or as `{ filter }` objects. */
const packedFiles = (config: Configuration): string[] =>
  [config.files ?? []].flat().flatMap((f) => (typeof f === 'string' ? [f] : [f.filter ?? []].flat()))

describe('packaging', () => {
  it('builds deb (no AppImage), dmg and nsis installers into dist/ without rebuilding native modules', async () => {
    const config = await builderConfig()
    expect(config.appId).toBe('org.episcore.app')
    expect(config.productName).toBe('Episcore')
    expect(config.directories?.output).toBe('dist')
    // electron-builder's AppImage starts the app with --no-sandbox on Ubuntu 23.10+, which the app refuses.
    expect(targetNames(config.linux?.target)).toEqual(['deb'])
    expect(targetNames(config.mac?.target)).toEqual(['dmg'])
    expect(targetNames(config.win?.target)).toEqual(['nsis'])
    expect(config.npmRebuild).toBe(false)
    expect(packageJson.scripts.dist).toBe('electron-vite build && electron-builder')
  })

  it('packs the built app with its main entry, and unpacks the native module and the ffmpeg/ffprobe binaries', async () => {
    const config = await builderConfig()
    const files = packedFiles(config)
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

  it('leaves the command line’s bundle out of the installers, which run only the app', async () => {
    const config = await builderConfig()
    const expand = (pattern: string): string => pattern.replaceAll('${/*}', '{,/**/*}')
    const filter = new FileMatcher(root, '/app', expand, packedFiles(config)).createFilter()
    const packs = (file: string): boolean =>
      filter(path.join(root, file), { isDirectory: () => false } as unknown as fs.Stats)
    expect(packs('out/main/index.js')).toBe(true)
    expect(packs('out/renderer/index.html')).toBe(true)
    expect(packs('out/cli/episcore.js')).toBe(false)
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

/** Width and height from a PNG's IHDR, and whether the bytes are a PNG at all. */
function pngSize(data: Buffer): { width: number; height: number } | null {
  if (!data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return null
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
}

describe('the packed app', () => {
  it('carries the app icon for each platform: a 512 px PNG, an ICNS up to 1024 px, an ICO up to 256 px', async () => {
    const config = await builderConfig()
    const resources = path.join(root, config.directories?.buildResources ?? '')
    expect(path.relative(root, resources)).toBe('resources')

    const iconPng = fs.readFileSync(path.join(root, String(config.linux?.icon)))
    expect(pngSize(iconPng)).toEqual({ width: 512, height: 512 })
    // The window's icon is read from inside the app at run time, so it must be packed.
    expect(matchesAny(packedFiles(config), 'resources/icon.png')).toBe(true)

    const icns = fs.readFileSync(path.join(root, String(config.mac?.icon)))
    expect(icns.toString('ascii', 0, 4)).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const icnsSizes: number[] = []
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
      const size = pngSize(icns.subarray(at + 8, at + icns.readUInt32BE(at + 4)))
      if (size) icnsSizes.push(size.width)
    }
    expect(icnsSizes).toEqual([128, 256, 512, 1024])

    const ico = fs.readFileSync(path.join(root, String(config.win?.icon)))
    expect(ico.readUInt16LE(2)).toBe(1)
    const icoSizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i
      const image = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      )
      return pngSize(image)?.width
    })
    expect(icoSizes).toEqual([16, 32, 48, 256])
  })

  it('sets the fuses of Electron’s security checklist in the packaged binary', async () => {
    const config = await builderConfig()
    expect(config.electronFuses).toEqual({
      // Apple Silicon starts no app whose ad-hoc signature the flipped fuses broke: signed again.
      resetAdHocDarwinSignature: true,
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('refuses to pack for a platform whose ffmpeg and ffprobe npm did not install: Windows on ARM has none', async () => {
    const config = await builderConfig()
    expect(config.beforePack).toBe('scripts/beforePack.cjs')
    type Hook = (context: { electronPlatformName: string; arch: number }) => Promise<void>
    const loaded = (await import(path.join(root, String(config.beforePack)))) as {
      default: Hook | { default: Hook }
    }
    const beforePack = typeof loaded.default === 'function' ? loaded.default : loaded.default.default
    // builder-util's Arch: x64 is 1, arm64 is 3.
    await expect(beforePack({ electronPlatformName: 'win32', arch: 3 })).rejects.toThrow(
      /^no ffmpeg\/ffprobe for win32-arm64: @ffmpeg-installer\/win32-arm64, @ffprobe-installer\/win32-arm64 not installed; none is published for Windows on ARM/,
    )
    // The platform this runs on has its own (npm installed them for it).
    const here = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform as string]
    const arch = { x64: 1, arm64: 3 }[process.arch as string]
    if (here && arch !== undefined)
      await expect(beforePack({ electronPlatformName: here, arch })).resolves.toBeUndefined()
  })

  it('makes the unpacked ffmpeg and ffprobe runnable by every user after packing (Linux and macOS layouts)', async () => {
    const config = await builderConfig()
    expect(config.afterPack).toBe('scripts/afterPack.cjs')
    // Loaded as electron-builder loads a hook file: its default export, else the module itself.
    type Hook = (context: { appOutDir: string }) => Promise<void>
    const loaded = (await import(path.join(root, String(config.afterPack)))) as {
      default: Hook | { default: Hook }
    }
    const afterPack = typeof loaded.default === 'function' ? loaded.default : loaded.default.default
    // A packed tree as electron-builder leaves it, with the modes the npm packages install with.
    const packed = tempFolder()
    const layouts = ['linux-unpacked/resources', 'mac/Episcore.app/Contents/Resources']
    const tools: string[] = []
    for (const layout of layouts)
      for (const [scope, name] of [
        ['@ffmpeg-installer', 'ffmpeg'],
        ['@ffprobe-installer', 'ffprobe'],
      ] as const) {
        const dir = path.join(packed, layout, 'app.asar.unpacked', 'node_modules', scope, 'linux-x64')
        fs.mkdirSync(dir, { recursive: true })
        const file = path.join(dir, name)
        fs.writeFileSync(file, '#!/bin/sh\n')
        fs.chmodSync(file, 0o744)
        fs.writeFileSync(path.join(dir, 'package.json'), '{}')
        tools.push(file)
      }
    for (const out of ['linux-unpacked', 'mac']) await afterPack({ appOutDir: path.join(packed, out) })
    for (const tool of tools) expect((fs.statSync(tool).mode & 0o777).toString(8), tool).toBe('755')
    // Nothing else in the package changes mode.
    const manifest = path.join(path.dirname(tools[0] ?? ''), 'package.json')
    expect(fs.statSync(manifest).mode & 0o111).toBe(0)
  })
})

type Platform = 'linux' | 'mac' | 'win'
const NODE_PLATFORM: Record<Platform, string> = { linux: 'linux', mac: 'darwin', win: 'win32' }

/**
 * Whether electron-builder would copy `file` (a path inside node_modules) into the app for a platform
 * and arch: its own FileMatcher, given what it gives node_modules (app-builder-lib's
 * getNodeModuleFileMatcher: "**\/*" and the exclusions of `files` and the platform's `files`), with
 * the macros expanded as its platform packager does.
 */
function packsNodeModuleFile(
  config: Configuration,
  platform: Platform,
  arch: string,
): (file: string) => boolean {
  const exclusions = [...packedFiles(config), ...[config[platform]?.files ?? []].flat()].filter(
    (p): p is string => typeof p === 'string' && p.startsWith('!'),
  )
  const expand = (pattern: string): string =>
    pattern.replaceAll('${/*}', '{,/**/*}').replaceAll('${arch}', arch)
  const matcher = new FileMatcher(root, '/app', expand, ['**/*', ...exclusions])
  const filter = matcher.createFilter()
  return (file) =>
    filter(path.join(root, file), {
      isDirectory: () => false,
      moduleFullFilePath: file,
    } as unknown as fs.Stats)
}

/** The production packages out/main names (a require or a createRequire of a package), and theirs. */
function packagesOutMainLoads(): Set<string> {
  const dependencies = Object.keys(
    (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: object })
      .dependencies,
  )
  const outMain = path.join(root, 'out', 'main')
  const built = fs
    .readdirSync(outMain, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(outMain, f), 'utf8'))
    .join('\n')
  const needed = new Set(dependencies.filter((name) => built.includes(`"${name}"`)))
  // With what each loads in turn, where installed (optional platform packages included).
  for (const name of needed) {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ) as { dependencies?: object; optionalDependencies?: object }
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }))
      if (fs.existsSync(path.join(root, 'node_modules', dep))) needed.add(dep)
  }
  return needed
}

describe('what the installers carry', () => {
  it.skipIf(!fs.existsSync(path.join(root, 'out', 'main', 'core.js')))(
    'only the packages out/main loads, and only the target platform’s better-sqlite3 binary',
    async () => {
      const config = await builderConfig()
      const needed = packagesOutMainLoads()
      // (and the one ffmpeg and ffprobe platform package installed here, which each loads)
      expect([...needed].filter((n) => !/-installer\/(darwin|linux|win32)-/.test(n)).sort()).toEqual([
        '@ffmpeg-installer/ffmpeg',
        '@ffprobe-installer/ffprobe',
        'better-sqlite3',
        'node-addon-api',
        // The desk's catalogue: node-postgres and what it loads.
        'pg',
        'pg-cloudflare',
        'pg-connection-string',
        'pg-int8',
        'pg-pool',
        'pg-protocol',
        'pg-types',
        'pgpass',
        'postgres-array',
        'postgres-bytea',
        'postgres-date',
        'postgres-interval',
        'split2',
        'xtend',
        'zod',
      ])
      // better-sqlite3 names node-addon-api for its compile only: its lib never loads it.
      needed.delete('node-addon-api')
      const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
        packages: Record<string, { dev?: boolean; devOptional?: boolean }>
      }
      const production = Object.entries(lock.packages)
        .filter(([key, info]) => key.startsWith('node_modules/') && !info.dev && !info.devOptional)
        .map(([key]) => key.slice('node_modules/'.length))
      for (const [platform, arch] of [
        ['linux', 'x64'],
        ['linux', 'arm64'],
        ['mac', 'arm64'],
        ['mac', 'x64'],
        ['win', 'x64'],
      ] as const) {
        const packs = packsNodeModuleFile(config, platform, arch)
        const where = `${platform}-${arch}`
        for (const name of production) {
          const manifest = `node_modules/${name}/package.json`
          const platformPackage = /-installer\/(darwin|linux|win32)-/.test(name)
          if (needed.has(name) || platformPackage) expect(packs(manifest), `${where}: ${name}`).toBe(true)
          else expect(packs(manifest), `${where}: ${name} is not loaded at run time`).toBe(false)
        }
        for (const never of ['tsx', 'esbuild', 'ws', '@tanstack/react-table', '@tanstack/react-virtual'])
          expect(packs(`node_modules/${never}/package.json`), `${where}: ${never}`).toBe(false)
        expect(packs('node_modules/better-sqlite3/lib/database.js')).toBe(true)
        expect(packs('node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')).toBe(false)
        expect(packs('node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(false)
        const binaries = fs.readdirSync(path.join(root, 'node_modules', 'better-sqlite3', 'prebuilds'))
        const packed = binaries.filter((b) => packs(`node_modules/better-sqlite3/prebuilds/${b}`))
        expect(packed, where).toEqual([`${NODE_PLATFORM[platform]}-${arch}.node`])
      }
    },
  )
})
