import { COMMANDS, type CommandEntry, type CommandUsage } from './commands'

/** Where each command's description starts: beside a short synopsis, else on the lines below it. */
const ABOUT_COLUMN = 25

/** A command form as the help lists it: the synopsis indented, its description in a column. */
function helpLines({ synopsis, about }: CommandUsage): string[] {
  const indent = ' '.repeat(ABOUT_COLUMN)
  const head = `  ${synopsis}`
  const [first, ...more] = about
  if (head.length < ABOUT_COLUMN && first !== undefined)
    return [head.padEnd(ABOUT_COLUMN) + first, ...more.map((line) => indent + line)]
  return [head, ...about.map((line) => indent + line)]
}

/** `episcore --help`: every command of the registry, in its order. */
export const USAGE = [
  'usage: episcore [--db PATH] <command> [options]',
  '',
  'commands:',
  ...Object.values(COMMANDS).flatMap((command) => command.usage.flatMap(helpLines)),
  '',
  "--db PATH (or EPISCORE_DB) names the database; the default is the app's own.",
].join('\n')

/**
 * What a usage mistake in one command prints below its sentence: that command's forms and what they do,
 * rather than the whole help (every command's), which would bury the sentence.
 */
export function commandUsage(command: CommandEntry): string {
  const indent = ' '.repeat(ABOUT_COLUMN)
  return [
    ...command.usage.flatMap(({ synopsis, about }, i) => [
      `${i === 0 ? 'usage:' : '      '} episcore ${synopsis}`,
      ...about.map((line) => indent + line),
    ]),
    '',
    'episcore --help lists every command and the database option, --db PATH.',
  ].join('\n')
}
