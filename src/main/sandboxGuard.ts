import path from 'node:path'

/**
 * Why the app will not run when Chromium's sandbox was turned off on its command line, or null. The
 * sandbox is what keeps a page that goes wrong (a hostile transcript, a bug) away from the editor's
 * files. electron-builder's AppImage starts with `--no-sandbox` wherever unprivileged user namespaces
 * are restricted (Ubuntu 23.10 and later), and a forum's advice adds it elsewhere: the app says how to
 * have the sandbox instead. `execPath` is Electron's binary, beside which its `chrome-sandbox` helper is.
 */
export function sandboxOffRefusal(options: {
  noSandbox: boolean
  platform: NodeJS.Platform
  execPath: string
}): string | null {
  if (!options.noSandbox) return null
  const first =
    'Episcore was started with Chromium’s sandbox turned off (--no-sandbox), which would let a page that goes wrong reach your files, so it does not start that way.'
  if (options.platform !== 'linux') return `${first}\n\nStart Episcore again without --no-sandbox.`
  const helper = path.join(path.dirname(options.execPath), 'chrome-sandbox')
  return [
    first,
    'Install Episcore from its .deb package (sudo apt install ./episcore_*.deb), which sets up the sandbox, or set up the sandbox helper of this copy:',
    `sudo chown root:root ${helper} && sudo chmod 4755 ${helper}`,
    'Then start Episcore without --no-sandbox.',
  ].join('\n\n')
}
