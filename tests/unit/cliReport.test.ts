import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { setScore } from '../../src/core/analysis/scores'
import { openDatabase } from '../../src/core/db/openDatabase'
import { acceptItem, rejectItem } from '../../src/core/review/reviewItems'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

const episcore = (args: string[]): { code: number | null; stdout: string; stderr: string } => {
  const result = spawnSync(BIN, args, { encoding: 'utf8' })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('episcore report', () => {
  it('prints per dimension how far the reviewer is from the machine, and the review counts', () => {
    const dir = tempFolder()
    const db = path.join(dir, 'report.sqlite')
    const file = path.join(dir, 'machine.json')
    const doc = machineEpisode()
    fs.writeFileSync(file, JSON.stringify(doc))
    const id = doc.episode.id
    expect(episcore(['--db', db, 'load', file]).code).toBe(0)

    const fresh = episcore(['--db', db, 'report', id])
    expect(fresh.code).toBe(0)
    expect(fresh.stdout.trim().split('\n').at(-1)).toBe('accepted 0, edited 0, rejected 0, unreviewed 5')

    // The reviewer accepts the first chapter, corrects one score of the second by 4, rejects the statement.
    const open = openDatabase(db)
    acceptItem(open, id, 'chapter', 'c1')
    setScore(open, id, 'c2', 'guestTeaching', { value: 4, reasoning: 'less teaching than the machine saw' })
    rejectItem(open, id, 'statement', 's1')
    open.close()

    const lines = episcore(['--db', db, 'report', id]).stdout.trim().split('\n')
    expect(lines[0]).toBe('dimension\tcompared\tmean absolute difference')
    // Guest teaching: c1 as the machine had it (7 vs 7), c2 changed from 8 to 4: (0 + 4) / 2.
    expect(lines).toContain('Guest teaching\t2\t2.00')
    // Only c1 was accepted: c2 waits for its own A, its one edited score compared already.
    expect(lines).toContain('The hosts as informed peer\t1\t0.00')
    expect(lines).toContain('accepted 1, edited 0, rejected 1, unreviewed 3')
    // What was rejected, with what the machine said (the speaker by name), and each chapter's differing
    // scores and reasonings, with the chapter's status and the score's.
    expect(lines.slice(lines.indexOf('accepted 1, edited 0, rejected 1, unreviewed 3') + 1)).toEqual([
      'rejected statement “Multi-agent systems mostly do not work” at 0:05.000',
      '  title: Multi-agent systems mostly do not work',
      '  quote: Multi-agent systems mostly do not work today.',
      '  start: 0:05.000',
      '  end: 0:12.000',
      '  speaker: Will Brown',
      'scores of chapter “Verifiable rewards” at 3:20.000 (chapter unreviewed)',
      '  Guest teaching: 8 -> 4 (score edited)',
      '  Guest teaching reasoning: rewards (Guest teaching) -> less teaching than the machine saw',
    ])

    const csv = episcore(['--db', db, 'report', id, '--csv'])
    expect(csv.code).toBe(0)
    expect(csv.stdout.split('\r\n')).toEqual([
      'kind,id,title,at,change,field,machine,reviewer',
      'statement,s1,Multi-agent systems mostly do not work,0:05.000,rejected,title,Multi-agent systems mostly do not work,',
      'statement,s1,Multi-agent systems mostly do not work,0:05.000,rejected,quote,Multi-agent systems mostly do not work today.,',
      'statement,s1,Multi-agent systems mostly do not work,0:05.000,rejected,start,0:05.000,',
      'statement,s1,Multi-agent systems mostly do not work,0:05.000,rejected,end,0:12.000,',
      'statement,s1,Multi-agent systems mostly do not work,0:05.000,rejected,speaker,Will Brown,',
      'chapter,c2,Verifiable rewards,3:20.000,score,Guest teaching score,8,4',
      'chapter,c2,Verifiable rewards,3:20.000,score,Guest teaching reasoning,rewards (Guest teaching),less teaching than the machine saw',
      '',
    ])
  })

  it('refuses an unknown episode with one line and exit code 1', () => {
    const run = episcore(['--db', path.join(tempFolder(), 'empty.sqlite'), 'report', 'nope'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^episcore: episode nope does not exist\n$/)
  })
})
