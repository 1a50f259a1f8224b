import type { Io, Options } from '../../usage'

/** A desk verb's arguments: what follows `desk VERB`, parsed with that verb's options. */
export interface DeskArguments {
  values: Options
  positionals: string[]
}

export type RunDeskVerb = (args: DeskArguments, dbPath: () => string | undefined, io: Io) => Promise<number>
