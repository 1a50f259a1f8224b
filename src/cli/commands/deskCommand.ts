import { UsageError, type RunCommand } from '../usage'
import type { RunDeskVerb } from './desk/deskVerb'

type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean }

interface DeskVerb {
  options: Readonly<Record<string, OptionSpec>>
  /** The verb's own file, imported only when it runs. */
  load: () => Promise<RunDeskVerb>
}

const JSON_ONLY: Readonly<Record<string, OptionSpec>> = { json: { type: 'boolean' } }

/**
 * Every `desk` verb: its options and its file under desk/. `--password` is declared wherever a
 * password could be asked for only so that it is refused with where the password goes, rather than
 * as an unknown option.
 */
const DESK_VERBS: Readonly<Record<string, DeskVerb>> = {
  init: {
    options: { password: { type: 'string' }, insecure: { type: 'boolean' } },
    load: async () => (await import('./desk/initVerb')).initVerb,
  },
  'add-person': {
    options: {
      role: { type: 'string' },
      url: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      password: { type: 'string' },
      insecure: { type: 'boolean' },
    },
    load: async () => (await import('./desk/addPersonVerb')).addPersonVerb,
  },
  connect: {
    options: { insecure: { type: 'boolean' }, password: { type: 'string' } },
    load: async () => (await import('./desk/connectVerb')).connectVerb,
  },
  disconnect: { options: {}, load: async () => (await import('./desk/connectVerb')).disconnectVerb },
  sync: { options: JSON_ONLY, load: async () => (await import('./desk/syncVerbs')).syncVerb },
  status: { options: JSON_ONLY, load: async () => (await import('./desk/syncVerbs')).statusVerb },
  list: { options: JSON_ONLY, load: async () => (await import('./desk/syncVerbs')).listVerb },
  get: {
    options: { ...JSON_ONLY, show: { type: 'string' } },
    load: async () => (await import('./desk/syncVerbs')).getVerb,
  },
  history: { options: JSON_ONLY, load: async () => (await import('./desk/syncVerbs')).historyVerb },
  verify: { options: JSON_ONLY, load: async () => (await import('./desk/syncVerbs')).verifyVerb },
  assign: {
    options: {
      ...JSON_ONLY,
      show: { type: 'string' },
      reviewers: { type: 'string' },
      overlap: { type: 'string' },
      calibration: { type: 'string' },
      due: { type: 'string' },
      blind: { type: 'boolean' },
    },
    load: async () => (await import('./desk/workVerbs')).assignVerb,
  },
  queue: { options: JSON_ONLY, load: async () => (await import('./desk/workVerbs')).queueVerb },
  submit: { options: JSON_ONLY, load: async () => (await import('./desk/workVerbs')).submitVerb },
  'send-back': {
    options: { ...JSON_ONLY, note: { type: 'string' } },
    load: async () => (await import('./desk/workVerbs')).sendBackVerb,
  },
  board: {
    options: { ...JSON_ONLY, show: { type: 'string' } },
    load: async () => (await import('./desk/boardVerbs')).boardVerb,
  },
  consensus: { options: JSON_ONLY, load: async () => (await import('./desk/boardVerbs')).consensusVerb },
  reference: { options: JSON_ONLY, load: async () => (await import('./desk/boardVerbs')).referenceVerb },
  drift: {
    options: { ...JSON_ONLY, show: { type: 'string' }, since: { type: 'string' } },
    load: async () => (await import('./desk/boardVerbs')).driftVerb,
  },
  calibration: { options: JSON_ONLY, load: async () => (await import('./desk/boardVerbs')).calibrationVerb },
}

/** Every verb's options together: the verb is known only once the arguments are read. */
function allOptions(): Record<string, OptionSpec> {
  const all: Record<string, OptionSpec> = {}
  for (const verb of Object.values(DESK_VERBS))
    for (const [name, spec] of Object.entries(verb.options)) {
      const seen = all[name]
      if (seen && (seen.type !== spec.type || seen.multiple !== spec.multiple))
        throw new Error(`desk option --${name} is declared with two types`)
      all[name] = spec
    }
  return all
}

/** `desk VERB ...`: the catalogue on PostgreSQL that a desk of libraries shares (docs/desk.md). */
export const deskCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values, positionals } = parseCommand(allOptions())
  const [name, ...rest] = positionals
  const verbs = Object.keys(DESK_VERBS).join(', ')
  if (name === undefined) throw new UsageError(`desk needs a verb: ${verbs}`)
  const verb = Object.hasOwn(DESK_VERBS, name) ? DESK_VERBS[name] : undefined
  if (!verb) throw new UsageError(`unknown desk verb "${name}" (one of ${verbs})`)
  for (const option of Object.keys(values))
    if (option !== 'db' && !Object.hasOwn(verb.options, option))
      throw new UsageError(`desk ${name} takes no --${option}`)
  const run = await verb.load()
  return await run({ values, positionals: rest }, dbPath, io)
}
