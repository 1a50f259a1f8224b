import path from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module of scripts/, used by `npm start`; no types of its own
import { sandboxProblem } from '../../scripts/linuxSandbox.mjs'

const check = sandboxProblem as (facts: object) => string | null
const relative = path.join('node_modules', 'electron', 'dist', 'chrome-sandbox')
// As `npm start` finds it, from the project's folder.
const helper = path.join(process.cwd(), relative)
const ubuntu2404 = { helper, restrictsUserNamespaces: true, userNamespacesOff: false, profiled: false }

describe('npm start on a Linux that restricts user namespaces (Ubuntu 23.10+)', () => {
  it('says in one line how to set up the sandbox helper, and never suggests going without the sandbox', () => {
    const message = check({ ...ubuntu2404, helperStat: { uid: 1000, mode: 0o100755 } }) ?? ''
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toContain(`sudo chown root:root ${relative} && sudo chmod 4755 ${relative}`)
    expect(message).toContain('AppArmor profile in docs/running.md')
    expect(message).not.toMatch(/no-sandbox|sysctl|apparmor_restrict/)
  })

  it('starts with the helper owned by root with mode 4755, or with an AppArmor profile for the binary', () => {
    expect(check({ ...ubuntu2404, helperStat: { uid: 0, mode: 0o104755 } })).toBeNull()
    expect(check({ ...ubuntu2404, helperStat: null, profiled: true })).toBeNull()
    // Root's, but not setuid: still refused by Chromium.
    expect(check({ ...ubuntu2404, helperStat: { uid: 0, mode: 0o100755 } })).not.toBeNull()
  })

  it('starts where user namespaces are not restricted (Debian, Fedora, Ubuntu 22.04)', () => {
    expect(check({ ...ubuntu2404, restrictsUserNamespaces: false, helperStat: null })).toBeNull()
  })
})
