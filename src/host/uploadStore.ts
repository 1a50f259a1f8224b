import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * Stores an uploaded file once per content. It is written under a temporary name while its SHA-256 is
 * computed, then kept as `<folder>/<sha256>/<name>` (the user's own name, which becomes the media's name
 * and default title). The same content uploaded again takes no more room: under the same name the copy
 * just written is dropped, under another it is a hard link to the first. A broken-off upload leaves
 * nothing behind.
 */
export async function storeUpload(folder: string, fileName: string, body: Readable): Promise<string> {
  fs.mkdirSync(folder, { recursive: true })
  const incoming = path.join(folder, `.incoming-${randomBytes(8).toString('hex')}`)
  const hash = createHash('sha256')
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    await pipeline(body, hashing, fs.createWriteStream(incoming, { flags: 'wx' }))
  } catch (error) {
    fs.rmSync(incoming, { force: true })
    throw error
  }
  const sameContent = path.join(folder, hash.digest('hex'))
  const target = path.join(sameContent, fileName)
  const kept = fs.existsSync(sameContent) ? fs.readdirSync(sameContent)[0] : undefined
  if (kept === fileName) {
    fs.rmSync(incoming)
    return target
  }
  fs.mkdirSync(sameContent, { recursive: true })
  if (kept !== undefined)
    try {
      fs.linkSync(path.join(sameContent, kept), target)
      fs.rmSync(incoming)
      return target
    } catch {
      // A file system without hard links keeps a second copy rather than refusing the upload.
    }
  fs.renameSync(incoming, target)
  return target
}
