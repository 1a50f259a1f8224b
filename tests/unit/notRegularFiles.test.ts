import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeFileOffThread } from '../../src/core/load/loadEpisode'
import { episcore } from '../episcoreCli'
import { speechMp3 } from '../generateMedia'
import { libraryWithMachineEpisode, machineEpisode } from '../machineEpisode'
import { INTERVIEW_VTT } from '../sampleTranscripts'

let dir: string
let db: string
let fifo: string
beforeAll(() => {
  ;({ dir, db } = libraryWithMachineEpisode())
  fifo = path.join(dir, 'incoming.vtt')
  const made = spawnSync('mkfifo', [fifo], { encoding: 'utf8' })
  if (made.status !== 0) throw new Error(`mkfifo could not make a FIFO: ${made.stderr}`)
})

/**
 * Runs the command line while another program waits to write `content` into the FIFO, as a user's
 * pipeline would. A reader that opens the FIFO gets the text and its end, so a command that reads it
 * (the fault) finishes too; the writer still waiting when the command is done (nothing opened the FIFO)
 * is ended.
 */
async function withWriter(content: string, args: string[]): Promise<ReturnType<typeof episcore>> {
  const writer = spawn(
    process.execPath,
    ['-e', 'require("node:fs").writeFileSync(process.argv[1], process.argv[2])', fifo, content],
    { stdio: 'ignore' },
  )
  const ended = new Promise((resolve) => writer.once('exit', resolve))
  try {
    return episcore(args)
  } finally {
    if (writer.exitCode === null) writer.kill('SIGKILL')
    await ended
  }
}

describe('a FIFO or a device given to be read', () => {
  it('is refused by load as what it is, unread, beside the files that load', () => {
    const good = path.join(dir, 'two.json')
    fs.writeFileSync(good, JSON.stringify(machineEpisode('two')))
    const run = episcore(['--db', db, 'load', fifo, '/dev/zero', good, '/dev/urandom', dir])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe(`${good}\ttwo\n`)
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `${fifo}: ${fifo} is a FIFO (named pipe), not a regular file`,
      '/dev/zero: /dev/zero is a character device, not a regular file',
      '/dev/urandom: /dev/urandom is a character device, not a regular file',
      `${dir}: ${dir} is a folder, not a file`,
    ])
  })

  it('is refused by validate and by the core’s load, which reads large files off the thread', async () => {
    const run = episcore(['validate', '/dev/zero'])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('episcore: /dev/zero is a character device, not a regular file\n')
    const opened = openDatabase(db)
    try {
      await expect(loadEpisodeFileOffThread(opened, fifo)).rejects.toThrow(
        `${fifo} is a FIFO (named pipe), not a regular file`,
      )
    } finally {
      opened.close()
    }
  })

  it('is refused by transcript import before it is opened: the writer waits on, nothing is imported', async () => {
    const run = await withWriter(INTERVIEW_VTT, ['--db', db, 'transcript', 'import', 'one', fifo])
    expect(run.stderr).toBe(`episcore: ${fifo} is a FIFO (named pipe), not a regular file\n`)
    expect(run.code).toBe(1)
    const devices = episcore(['--db', db, 'transcript', 'import', 'one', '/dev/urandom'])
    expect(devices.stderr).toBe('episcore: /dev/urandom is a character device, not a regular file\n')
  })

  it('is refused by transcript convert and by new, as a transcript and as media', async () => {
    const convert = await withWriter(INTERVIEW_VTT, ['transcript', 'convert', fifo, '--to', 'json'])
    expect(convert.stderr).toBe(`episcore: ${fifo} is a FIFO (named pipe), not a regular file\n`)
    expect(convert.code).toBe(1)
    const media = speechMp3(3)
    const asTranscript = await withWriter(INTERVIEW_VTT, [
      '--db',
      db,
      'new',
      '--media',
      media,
      '--transcript',
      fifo,
    ])
    expect(asTranscript.stderr).toBe(`episcore: ${fifo} is a FIFO (named pipe), not a regular file\n`)
    expect(asTranscript.code).toBe(1)
    const asMedia = episcore(['--db', db, 'new', '--media', '/dev/zero'])
    expect(asMedia.stderr).toBe(
      'episcore: zero cannot be used as media: it is a character device, not a regular file\n',
    )
    expect(episcore(['--db', db, 'list']).stdout.trim().split('\n')).toHaveLength(2)
  })
})
