// electron-builder's afterPack hook: the ffmpeg and ffprobe binaries unpacked beside app.asar keep the
// mode their npm packages gave them, and @ffprobe-installer's is 0744: in a .deb, installed as root,
// nobody else could run it. Every user may run them.
const fs = require('node:fs')
const path = require('node:path')

const TOOLS = new Set(['ffmpeg', 'ffprobe', 'ffmpeg.exe', 'ffprobe.exe'])
const TOOL_PACKAGES = ['@ffmpeg-installer', '@ffprobe-installer']

/** Every `app.asar.unpacked` folder under the packed app (resources/ on Linux and Windows, deeper on macOS). */
function unpackedFolders(dir, depth = 0) {
  if (depth > 5) return []
  const found = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.isSymbolicLink()) continue
    const child = path.join(dir, entry.name)
    if (entry.name === 'app.asar.unpacked') found.push(child)
    else found.push(...unpackedFolders(child, depth + 1))
  }
  return found
}

/** Makes the unpacked ffmpeg and ffprobe executable by all (0755); answers the files it changed. */
function makeToolsExecutable(appOutDir) {
  const changed = []
  for (const unpacked of unpackedFolders(appOutDir))
    for (const scope of TOOL_PACKAGES) {
      const scopeDir = path.join(unpacked, 'node_modules', scope)
      if (!fs.existsSync(scopeDir)) continue
      for (const platformPackage of fs.readdirSync(scopeDir)) {
        const packageDir = path.join(scopeDir, platformPackage)
        if (!fs.statSync(packageDir).isDirectory()) continue
        for (const name of fs.readdirSync(packageDir)) {
          if (!TOOLS.has(name)) continue
          const file = path.join(packageDir, name)
          fs.chmodSync(file, 0o755)
          changed.push(file)
        }
      }
    }
  return changed
}

module.exports = { makeToolsExecutable }
module.exports.default = async (context) => {
  makeToolsExecutable(context.appOutDir)
}
