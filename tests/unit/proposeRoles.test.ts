import { describe, expect, it } from 'vitest'
import { namedInTitle, proposeRoles, type SpeakerShare } from '../../src/shared/proposeRoles'

const speaker = (id: string, name: string, words: number): SpeakerShare => ({ id, name, words })
const roles = (title: string, speakers: SpeakerShare[]): Record<string, string> =>
  Object.fromEntries(proposeRoles(title, speakers))

describe('proposed speaker roles', () => {
  const title = '⚡️Open Questions in Agentic RL — Will Brown (Prime Intellect)'

  it('makes the speaker named in the title a guest and the one who says most of the rest the host', () => {
    expect(
      roles(title, [
        speaker('a', 'Will Brown', 5000),
        speaker('b', 'Swyx', 3000),
        speaker('c', 'Alessio', 2000),
      ]),
    ).toEqual({ a: 'guest', b: 'host', c: 'host' })
  })

  it('calls a speaker with less than a tenth of the words "other"', () => {
    expect(
      roles(title, [speaker('a', 'Brown', 5000), speaker('b', 'Swyx', 3000), speaker('c', 'Producer', 200)]),
    ).toEqual({ a: 'guest', b: 'host', c: 'other' })
  })

  it('with no one named, makes the one who says most the host and the others guests', () => {
    expect(
      roles('Episode 12', [
        speaker('a', 'SPEAKER_1', 100),
        speaker('b', 'SPEAKER_2', 400),
        speaker('c', 'SPEAKER_3', 300),
      ]),
    ).toEqual({ a: 'guest', b: 'host', c: 'guest' })
  })

  it('proposes nothing before anyone has said a word', () => {
    expect(roles(title, [speaker('a', 'Will Brown', 0)])).toEqual({})
  })

  it('finds a name in the title by any of its words, ignoring case and accents, not by labels', () => {
    expect(namedInTitle('will brown', title)).toBe(true)
    expect(namedInTitle('Zoë Quinn', 'A talk with Zoe Quinn')).toBe(true)
    expect(namedInTitle('Speaker 1', 'The speaker 1 problem')).toBe(false)
    expect(namedInTitle('Bob', 'Bobsleigh season')).toBe(false)
  })
})
