import { createHash, createHmac, pbkdf2, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'

const pbkdf2Async = promisify(pbkdf2)

/** PostgreSQL's own defaults (src/include/common/scram-common.h). */
const ITERATIONS = 4096
const SALT_BYTES = 16
const KEY_BYTES = 32

/**
 * SASLprep (RFC 4013) as PostgreSQL and pg apply it before hashing: non-ASCII spaces to a space,
 * "commonly mapped to nothing" characters dropped, NFKC. The same steps as the pg client's, so a
 * password with such characters logs in through pg and through psql alike.
 */
function saslprep(password: string): string {
  return (
    password
      .replace(/[\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000]/g, ' ')
      // eslint-disable-next-line no-misleading-character-class -- joiners and selectors are removed one by one
      .replace(/[\u00AD\u034F\u1806\u180B\u180C\u180D\u200C\u200D\u2060\uFE00-\uFE0F\uFEFF]/g, '')
      .normalize('NFKC')
  )
}

const hmac = (key: Buffer, text: string): Buffer => createHmac('sha256', key).update(text).digest()

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 7677; PostgreSQL's format
 * `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`). Computed here so that `CREATE ROLE ...
 * PASSWORD` carries the verifier, never the password: the statement's text may reach the server's log.
 */
export async function scramVerifier(
  password: string,
  salt: Buffer = randomBytes(SALT_BYTES),
): Promise<string> {
  const salted = await pbkdf2Async(
    Buffer.from(saslprep(password), 'utf8'),
    salt,
    ITERATIONS,
    KEY_BYTES,
    'sha256',
  )
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest()
  const serverKey = hmac(salted, 'Server Key')
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`
}
