import type { CommandHandlers } from '../../commands/commandRegistry'

/** What the transcript's selected words offer; its key is declared with every other command's. */
export const TRANSCRIPT_SELECTION_COMMANDS: CommandHandlers<{ make: () => void }> = {
  'statement.fromTranscript': { perform: (c) => c.make() },
}
