// electron-builder's beforePack hook: an installer without ffmpeg and ffprobe cannot show a waveform,
// probe a file or export a page, so none is made for a platform and architecture whose binaries npm
// did not install. @ffmpeg-installer and @ffprobe-installer ship none for Windows on ARM (win32-arm64):
// `npm run dist` there refuses until a build of each is found (and added as a package of its own).
const fs = require('node:fs')
const path = require('node:path')

// builder-util's Arch enum, by value (electron-builder passes the number).
const ARCH_NAMES = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' }
// The installers' folder names for an Electron arch (@ffmpeg-installer names armv7l "arm").
const INSTALLER_ARCH = { armv7l: 'arm' }

/** The tool packages a build for `platform` and `arch` needs that are not installed, by name. */
function missingTools(platform, arch, root = path.join(__dirname, '..')) {
  const archs = arch === 'universal' ? ['x64', 'arm64'] : [arch]
  const missing = []
  for (const a of archs)
    for (const scope of ['@ffmpeg-installer', '@ffprobe-installer']) {
      const name = `${scope}/${platform}-${INSTALLER_ARCH[a] ?? a}`
      if (!fs.existsSync(path.join(root, 'node_modules', name, 'package.json'))) missing.push(name)
    }
  return missing
}

/** Why no installer can be made for `platform`-`arch`, or null. */
function refusal(platform, arch, root) {
  const missing = missingTools(platform, arch, root)
  if (missing.length === 0) return null
  return (
    `no ffmpeg/ffprobe for ${platform}-${arch}: ${missing.join(', ')} not installed; ` +
    (platform === 'win32' && arch === 'arm64'
      ? 'none is published for Windows on ARM, so no installer is made for it until a build of each is found'
      : `run npm install on a ${platform}-${arch} machine and build the installer there`)
  )
}

module.exports = { missingTools, refusal }
module.exports.default = async (context) => {
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch)
  const why = refusal(context.electronPlatformName, arch)
  if (why) throw new Error(why)
}
