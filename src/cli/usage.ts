/**
 * What the command line accepts, and its global options. Kept apart from the commands so that
 * `episcore --help` answers without loading the core (the contract's schemas, SQLite, ffmpeg's helpers).
 */
import { parseArgs } from 'node:util'

export const USAGE = `usage: episcore [--db PATH] <command> [options]

commands:
  new --media FILE [--transcript FILE] [--title T] [--show S] [--date YYYY-MM-DD]
                         create an episode; prints its id
  list [--trash]         one line per episode: id, title, review status (tab-separated); trashed
                         episodes are left out. --trash lists the trash instead: id, title, when
                         it was trashed, when the app's or the host's next start deletes it for good
  search QUERY [--show S] [--limit N]
                         every episode's transcript, statements, chapters, reasoning and
                         highlights, best hits first (at most N, default 20, 1-1000): one a line,
                         episode id, seconds, kind, snippet with the matches in [ ] (tab-
                         separated). "a phrase" in quotes, clima* for a prefix, AND OR NOT;
                         adds its index to a database of an older Episcore (it writes)
  trends SHOW [--json]   the show's episodes oldest first (by publication day, else the day added):
                         a header naming each dimension, then id, date and the episode's average
                         per dimension weighted by chapter length (- when not scored), tab-
                         separated. --json prints the show page's data: each episode's averages,
                         the reasoning behind them, speaking seconds per role, and how many
                         chapter scores gave each value
  delete ID              move the episode to the trash (its media link, peaks and history kept);
                         kept 30 days, then emptied by a start of the app or the host; prints ID
  restore ID             bring an episode back from the trash as it was; prints ID
  export ID [--format F] [--final] [--out FILE]
                         write the episode (stdout without --out) as F: episode (episode JSON v1,
                         the default), chapters (Podcasting 2.0 JSON chapters), youtube (chapter
                         lines for a description), vtt-chapters, csv (scores and reasoning),
                         html (a self-contained page) or podcast-item (the tags for the feed's
                         <item>; needs --base-url URL, where the site folder's files are served).
                         --final refuses, listing every problem, until the analysis is finished,
                         then marks the episode final
  export ID --format site --out DIR [--media-as audio|video] [--media-url URL]
                         the published page as a folder that works from disk or any web host:
                         index.html (player, statements on the timeline, captions), the media,
                         captions.vtt, transcript.json, chapters.json and episode.json; prints DIR.
                         --media-as audio copies only the audio stream into media.m4a; --media-url
                         plays a public address instead of a copy ('' forgets it). Both are kept
                         with the episode for the next export
  load FILE.json... [--replace | --keep-both] [--media FILE]
                         add episodes from episode JSON v1 (a machine's analysis or an export);
                         prints the id (with several files, FILE<TAB>id for each loaded and
                         FILE: <problem> on stderr for each refused, exit 1 if any was). --replace
                         overwrites an episode with that id; --keep-both keeps it and adds this one
                         as ID-2 (ID-3, ...; cut to 64 characters), printing the new id. Media the
                         file names by SHA-256 that the library already links is linked at once;
                         --media (one FILE.json only) links the given media as it loads (refused
                         when the file names media with another SHA-256)
  validate FILE.json     check a file against episode JSON v1
  problems ID|FILE.json [--json] [--require-evidence]
                         what the Problems panel lists, one a line, in the order of the media:
                         severity (error: blocks publishing; warning; note: only informs), JSON
                         path, what is wrong (tab-separated); --json prints [{severity, path,
                         message}]. An existing FILE is checked alone (no database is opened); one
                         that is not episode JSON gives its load problems as errors (the first 100,
                         then one saying how many more, as validate does). A score with
                         reasoning and no evidence is a note, an error with --require-evidence (or
                         the library's rule). Exits 1 while an error is left
  report ID [--csv]      the review of a machine analysis: per dimension, the mean absolute difference
                         between the machine's and the reviewer's scores; accepted/edited/rejected counts;
                         each item edited or rejected and each chapter's differing scores, machine then
                         reviewer. --csv prints it as CSV (a row per changed field)
  agreement SOURCE SOURCE [SOURCE...] [--json]
                         how far analyses of one episode agree: per dimension Krippendorff's alpha
                         (interval and ordinal, with its band: >= 0.800 reliable, 0.667-0.800
                         tentative, below not) over the units the chapters of all cut the timeline
                         into, each pair's mean absolute difference, and statements matched per pair
                         (F1). A SOURCE that is an existing file is episode JSON, else a library id
                         (with files only, no database is opened)
  backup                 copy the database now into episcore-backups/ beside it; prints the copy's path
  peaks MEDIA --out FILE.dat [--pixels-per-second N]
                         waveform peaks (BBC audiowaveform binary, version 2)
  serve [--port N]       the browser host on 127.0.0.1; prints the URL to open
  transcript import ID FILE [--replace-edits]
                         replace the episode's transcript (a corrected one): quotes filled from the
                         transcript follow the new words, typed quotes they no longer say are flagged;
                         refused while segments edited by hand would be replaced, unless --replace-edits
  transcript convert FILE --to json|vtt|srt|podcast-json
                         print a transcript (format read from its content) in another format:
                         json = episode JSON v1 "transcript", podcast-json = Podcasting 2.0 JSON

--db PATH (or EPISCORE_DB) names the database; the default is the app's own.`

/** A command line that cannot be run as given: its message is printed above the usage (exit 2). */
export class UsageError extends Error {}

export interface Io {
  out: (text: string) => void
  err: (text: string) => void
}

export type Options = Record<string, string | boolean | string[] | undefined>

export function parse(
  args: string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>,
): { values: Options; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true })
    return { values: values as Options, positionals }
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

/** Global options come before the command; everything after it belongs to the command. */
export function globalArguments(argv: readonly string[]): {
  command: string | undefined
  rest: string[]
  db: string | undefined
  help: boolean
} {
  let commandIndex = 0
  while (commandIndex < argv.length && (argv[commandIndex] ?? '').startsWith('-'))
    commandIndex += argv[commandIndex] === '--db' ? 2 : 1
  const { values } = parse(argv.slice(0, commandIndex), {
    db: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  })
  const command = argv[commandIndex]
  return {
    command,
    rest: argv.slice(commandIndex + 1),
    db: typeof values.db === 'string' ? values.db : undefined,
    help: values.help === true || command === 'help',
  }
}
