// Whether Electron's Chromium can sandbox itself on this Linux, before `npm start` runs it. Ubuntu 23.10
// and 24.04 restrict unprivileged user namespaces through AppArmor
// (kernel.apparmor_restrict_unprivileged_userns = 1): Chromium's namespace sandbox is then refused and
// it falls back to the setuid helper chrome-sandbox, which must be owned by root with mode 4755; from
// npm it is not, and Electron aborts. The .deb installs an AppArmor profile for the app, which lifts the
// restriction; a developer's copy needs the helper set up or such a profile. Never --no-sandbox.
import fs from 'node:fs'
import path from 'node:path'

const read = (file) => {
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    return null
  }
}

/** What the check reads from this machine; a test gives its own. */
export function systemFacts(electronBinary) {
  const helper = path.join(path.dirname(electronBinary), 'chrome-sandbox')
  let helperStat = null
  try {
    helperStat = fs.statSync(helper)
  } catch {
    // No helper: nothing to fall back on.
  }
  const profileDir = '/etc/apparmor.d'
  let profiles = []
  try {
    profiles = fs
      .readdirSync(profileDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => read(path.join(profileDir, entry.name)) ?? '')
  } catch {
    // No AppArmor here.
  }
  return {
    helper,
    helperStat: helperStat && { uid: helperStat.uid, mode: helperStat.mode },
    restrictsUserNamespaces: read('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') === '1',
    userNamespacesOff: read('/proc/sys/kernel/unprivileged_userns_clone') === '0',
    profiled: profiles.some((text) => text.includes(electronBinary) && /\buserns\b/.test(text)),
  }
}

/**
 * Null when Chromium can sandbox itself here; else the one line that says how to make it so (the
 * helper owned by root with mode 4755, or the AppArmor profile in docs/running.md).
 */
export function sandboxProblem(facts) {
  const { helper, helperStat, restrictsUserNamespaces, userNamespacesOff, profiled } = facts
  if (!restrictsUserNamespaces && !userNamespacesOff) return null
  if (profiled) return null
  const helperReady = helperStat && helperStat.uid === 0 && (helperStat.mode & 0o7777) === 0o4755
  if (helperReady) return null
  const relative = path.relative(process.cwd(), helper) || helper
  return `episcore: this system restricts unprivileged user namespaces, so Electron's sandbox needs its helper owned by root with mode 4755: run  sudo chown root:root ${relative} && sudo chmod 4755 ${relative}  (or install the AppArmor profile in docs/running.md), then npm start again.`
}
