import { createHash } from 'node:crypto'
import fs from 'node:fs'

/** SHA-256 of a file, streamed: the media's identity, whatever its path or name. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 }))
    hash.update(chunk as Buffer)
  return hash.digest('hex')
}
