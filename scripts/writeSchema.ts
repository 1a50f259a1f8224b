// `npm run schema`: writes schema/episode.v1.json from the zod schema; `npm test` checks it is current.
import fs from 'node:fs'
import path from 'node:path'
import { episodeJsonSchema } from '../src/shared/episodeJsonSchema'

const file = path.resolve(__dirname, '..', 'schema', 'episode.v1.json')
fs.mkdirSync(path.dirname(file), { recursive: true })
fs.writeFileSync(file, JSON.stringify(episodeJsonSchema(), null, 2) + '\n')
console.log(`wrote ${path.relative(process.cwd(), file)}`)
