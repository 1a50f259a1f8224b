/**
 * The desk's password in the desktop app: encrypted with the OS keychain's key (Electron's safeStorage:
 * Keychain on macOS, DPAPI on Windows, the secret service on Linux) and kept as that ciphertext beside the
 * app's settings, one per library and catalogue. Where Linux has no secret store, safeStorage would
 * encrypt with a fixed key (the `basic_text` backend): nothing is kept then, and the password is asked
 * again at each start. The plain password is only ever in memory (here and in the core).
 */
import fs from 'node:fs'
import path from 'node:path'
import { app, safeStorage } from 'electron'
import { writeAtomically } from '../core/service/writeAtomically'

const FILE = 'desk-passwords.json'

type Kept = Record<string, string>

const keptFile = (): string => path.join(app.getPath('userData'), FILE)
const keyOf = (library: string, url: string): string => `${library}\n${url}`

function readKept(): Kept {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(keptFile(), 'utf8'))
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    )
  } catch {
    return {}
  }
}

function writeKept(kept: Kept): void {
  writeAtomically(keptFile(), JSON.stringify(kept))
  fs.chmodSync(keptFile(), 0o600)
}

/** Whether the OS offers a real keychain (not Linux's fixed-key fallback). */
async function keychainAvailable(): Promise<boolean> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return false
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text'
}

/** Keeps the password for this library's catalogue; false when there is no keychain to keep it with. */
export async function rememberDeskPassword(library: string, url: string, password: string): Promise<boolean> {
  if (!(await keychainAvailable())) return false
  const encrypted = await safeStorage.encryptStringAsync(password)
  writeKept({ ...readKept(), [keyOf(library, url)]: encrypted.toString('base64') })
  return true
}

/** The kept password for this library's catalogue, or null (none kept, or the keychain changed). */
export async function recallDeskPassword(library: string, url: string): Promise<string | null> {
  const encrypted = readKept()[keyOf(library, url)]
  if (encrypted === undefined || !(await keychainAvailable())) return null
  try {
    return (await safeStorage.decryptStringAsync(Buffer.from(encrypted, 'base64'))).result
  } catch {
    return null
  }
}

/** Forgets every password kept for this library (it left its desk). */
export function forgetDeskPasswords(library: string): void {
  const kept = readKept()
  const left = Object.fromEntries(Object.entries(kept).filter(([key]) => !key.startsWith(`${library}\n`)))
  if (Object.keys(left).length !== Object.keys(kept).length) writeKept(left)
}

/** What the shell needs of the core to keep and give back the desk's password. */
interface CoreCalls {
  request(message: { kind: 'call'; method: string; request: unknown; viewBase: null }): Promise<unknown>
}

interface DeskStatusReply {
  ok: boolean
  value?: { connected: boolean; url: string | null; insecure: boolean; online: boolean }
}

/**
 * After a call the window made: a connect with a password keeps it in the keychain (under the URL the
 * core answers, without secrets), a disconnect forgets it.
 */
export async function keepDeskPassword(
  library: string,
  call: { method: string; request: unknown },
  reply: unknown,
): Promise<void> {
  const answered = reply as { ok?: boolean; value?: { status?: { url?: string | null } } }
  if (answered.ok !== true) return
  if (call.method === 'desk.disconnect') forgetDeskPasswords(library)
  if (call.method !== 'desk.connect') return
  const password = (call.request as { password?: unknown }).password
  const url = answered.value?.status?.url
  if (typeof password === 'string' && typeof url === 'string')
    await rememberDeskPassword(library, url, password).catch(() => false)
}

/**
 * At start, a library joined to a desk gets its kept password back from the keychain, so it syncs
 * without asking; without one it syncs with what the environment gives (PGPASSWORD, ~/.pgpass) or
 * stays offline until the Desk dialog is given the password.
 */
export async function unlockDesk(library: string, core: CoreCalls): Promise<void> {
  const status = (await core.request({
    kind: 'call',
    method: 'desk.status',
    request: {},
    viewBase: null,
  })) as DeskStatusReply
  const desk = status.ok ? status.value : undefined
  if (!desk?.connected || desk.url === null) return
  const password = await recallDeskPassword(library, desk.url)
  if (password === null) return
  await core.request({
    kind: 'call',
    method: 'desk.connect',
    request: { url: desk.url, insecure: desk.insecure, password },
    viewBase: null,
  })
}
