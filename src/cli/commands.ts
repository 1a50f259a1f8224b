/**
 * Every command, declared once: its usage (as `episcore --help` prints it, in this order) and how to
 * load it. A command's code is imported only when it is run, so `--help` and a usage mistake answer
 * without loading the core, and a command loads only its own file beside the core.
 */
import type { RunCommand } from './usage'

/** One form of a command: its synopsis, and what it does, line by line as the help prints it. */
export interface CommandUsage {
  synopsis: string
  about: readonly string[]
}

export interface CommandEntry {
  usage: readonly CommandUsage[]
  load: () => Promise<RunCommand>
}

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  new: {
    usage: [
      {
        synopsis: 'new --media FILE [--transcript FILE] [--title T] [--show S] [--date YYYY-MM-DD]',
        about: ['create an episode; prints its id'],
      },
    ],
    load: async () => (await import('./commands/newCommand')).newCommand,
  },
  list: {
    usage: [
      {
        synopsis: 'list [--trash]',
        about: [
          'one line per analysis: id, title, review status, and the episode it is an',
          "analysis of (its first analysis's id; tab-separated); trashed ones are left",
          'out. --trash lists the trash instead: id, title, when it was trashed, when',
          "the app's or the host's next start deletes it for good",
        ],
      },
      {
        synopsis: 'list --episodes',
        about: [
          'one line per episode (analyses of the same media are one episode): its id,',
          'the title of the analysis it counts through, how many analyses it has, and',
          'that analysis: its id and its name (reviewer · kind · date)',
        ],
      },
    ],
    load: async () => (await import('./commands/listCommand')).listCommand,
  },
  search: {
    usage: [
      {
        synopsis: 'search QUERY [--show S] [--limit N]',
        about: [
          "every episode's title, summary, transcript, statements, chapters,",
          'reasoning and highlights, best hits first (at most N, default 20,',
          '1-1000): one a line, episode id, seconds, kind, snippet with the matches',
          'in [ ] (tab-separated). "a phrase" in quotes, clima* for a prefix, AND OR',
          'NOT. When nothing is found, the closest words the library holds to each',
          'word it does not, on stderr. Adds its index to a database of an older',
          'Episcore (it writes)',
        ],
      },
    ],
    load: async () => (await import('./commands/searchCommand')).searchCommand,
  },
  trends: {
    usage: [
      {
        synopsis: 'trends SHOW [--json]',
        about: [
          "the show's episodes oldest first (by publication day, else the day added),",
          'each once, through the analysis it counts: a header naming each dimension,',
          "then that analysis's id, the date, its average per dimension (the mean of",
          'its scored chapters; - when not scored), the episode and the analysis',
          "counted (tab-separated). --json prints the show page's data: averages,",
          'the reasoning behind them, speaking seconds per role, and how many',
          'chapter scores gave each value',
        ],
      },
    ],
    load: async () => (await import('./commands/trendsCommand')).trendsCommand,
  },
  delete: {
    usage: [
      {
        synopsis: 'delete ID',
        about: [
          'move the episode to the trash (its media link, peaks and history kept);',
          'kept 30 days, then emptied by a start of the app or the host; prints ID',
        ],
      },
    ],
    load: async () => (await import('./commands/trashCommands')).deleteCommand,
  },
  restore: {
    usage: [
      {
        synopsis: 'restore ID',
        about: ['bring an episode back from the trash as it was; prints ID'],
      },
    ],
    load: async () => (await import('./commands/trashCommands')).restoreCommand,
  },
  export: {
    usage: [
      {
        synopsis: 'export ID [--format F] [--final] [--out FILE]',
        about: [
          'write the episode (stdout without --out) as F: episode (episode JSON v1,',
          'the default), chapters (Podcasting 2.0 JSON chapters), youtube (chapter',
          'lines for a description), vtt-chapters, csv (scores and reasoning),',
          "html (a self-contained page) or podcast-item (the tags for the feed's",
          "<item>; needs --base-url URL, where the site folder's files are served).",
          '--final refuses, listing every problem, until the analysis is finished,',
          'then marks the episode final',
        ],
      },
      {
        synopsis: 'export ID --format site --out DIR [--media-as audio|video] [--media-url URL]',
        about: [
          'the published page as a folder that works from disk or any web host:',
          'index.html (player, statements on the timeline, captions), the media,',
          'captions.vtt, transcript.json, chapters.json and episode.json; prints DIR.',
          '--media-as audio copies only the audio stream into media.m4a; --media-url',
          "plays a public address instead of a copy ('' forgets it). Both are kept",
          'with the episode for the next export',
        ],
      },
    ],
    load: async () => (await import('./commands/exportCommand')).exportCommand,
  },
  load: {
    usage: [
      {
        synopsis: 'load FILE.json... [--replace | --keep-both] [--media FILE]',
        about: [
          "add episodes from episode JSON v1 (a machine's analysis or an export);",
          'prints the id (with several files, FILE<TAB>id for each loaded and',
          'FILE: <problem> on stderr for each refused, exit 1 if any was). --replace',
          'overwrites an episode with that id; --keep-both keeps it and adds this one',
          'as ID-2 (ID-3, ...; cut to 64 characters), printing the new id. Media the',
          'file names by SHA-256 that the library already links is linked at once;',
          '--media (one FILE.json only) links the given media as it loads (refused',
          'when the file names media with another SHA-256)',
        ],
      },
    ],
    load: async () => (await import('./commands/loadCommand')).loadCommand,
  },
  validate: {
    usage: [
      {
        synopsis: 'validate FILE.json',
        about: ['check a file against episode JSON v1'],
      },
    ],
    load: async () => (await import('./commands/validateCommand')).validateCommand,
  },
  problems: {
    usage: [
      {
        synopsis: 'problems ID|FILE.json [--json] [--require-evidence]',
        about: [
          'what the Problems panel lists, one a line, in the order of the media:',
          'severity (error: blocks publishing; warning; note: only informs), JSON',
          'path, what is wrong (tab-separated); --json prints [{severity, path,',
          'message}]. An existing FILE is read as loading it would leave it (the',
          'library is not opened): the same problems as its episode once loaded. One',
          'that is not episode JSON gives its load problems as errors (the first 100,',
          'then one saying how many more, as validate does). A score with',
          'reasoning and no evidence is a note, an error with --require-evidence (or',
          "the library's rule). Exits 1 while an error is left",
        ],
      },
    ],
    load: async () => (await import('./commands/problemsCommand')).problemsCommand,
  },
  report: {
    usage: [
      {
        synopsis: 'report ID [--csv]',
        about: [
          'the review of a machine analysis: per dimension, the mean absolute difference',
          "between the machine's and the reviewer's scores; accepted/edited/rejected counts;",
          "each item edited or rejected and each chapter's differing scores, machine then",
          'reviewer. --csv prints it as CSV (a row per changed field)',
        ],
      },
    ],
    load: async () => (await import('./commands/reportCommand')).reportCommand,
  },
  agreement: {
    usage: [
      {
        synopsis: 'agreement SOURCE SOURCE [SOURCE...] [--json]',
        about: [
          "how far analyses of one episode agree: per dimension Krippendorff's alpha",
          '(interval and ordinal, with its band: >= 0.800 reliable, 0.667-0.800',
          'tentative, below not) over the units the chapters of all cut the timeline',
          "into, each pair's mean absolute difference, and statements matched per pair",
          '(F1). A SOURCE that is an existing file is episode JSON, else a library id',
          '(with files only, no database is opened)',
        ],
      },
    ],
    load: async () => (await import('./commands/agreementCommand')).agreementCommand,
  },
  backup: {
    usage: [
      {
        synopsis: 'backup',
        about: ["copy the database now into episcore-backups/ beside it; prints the copy's path"],
      },
    ],
    load: async () => (await import('./commands/backupCommand')).backupCommand,
  },
  peaks: {
    usage: [
      {
        synopsis: 'peaks MEDIA --out FILE.dat [--pixels-per-second N]',
        about: ['waveform peaks (BBC audiowaveform binary, version 2)'],
      },
    ],
    load: async () => (await import('./commands/peaksCommand')).peaksCommand,
  },
  serve: {
    usage: [
      {
        synopsis: 'serve [--port N]',
        about: ['the browser host on 127.0.0.1; prints the URL to open'],
      },
    ],
    load: async () => (await import('./commands/serveCommand')).serveCommand,
  },
  transcript: {
    usage: [
      {
        synopsis: 'transcript import ID FILE [--replace-edits]',
        about: [
          "replace the episode's transcript (a corrected one): quotes filled from the",
          'transcript follow the new words, typed quotes they no longer say are flagged;',
          'refused while segments edited by hand would be replaced, unless --replace-edits',
        ],
      },
      {
        synopsis: 'transcript convert FILE --to json|vtt|srt|podcast-json',
        about: [
          'print a transcript (format read from its content) in another format:',
          'json = episode JSON v1 "transcript", podcast-json = Podcasting 2.0 JSON',
        ],
      },
    ],
    load: async () => (await import('./commands/transcriptCommand')).transcriptCommand,
  },
  codebook: {
    usage: [
      {
        synopsis: 'codebook show SHOW [--version N] [--json]',
        about: [
          "the show's current codebook (or version N): its scale, then each dimension",
          'with its definition, level descriptors and anchors; --json as the app has it',
        ],
      },
      {
        synopsis: 'codebook versions SHOW',
        about: [
          'one line per version: number, state, published day, used (an analysis was',
          'scored under it, so it never changes) or not, and its dimensions',
        ],
      },
      {
        synopsis: 'codebook export SHOW [--format qdc|md|json] [--version N] [--out FILE]',
        about: [
          'write the codebook (stdout without --out) as a REFI-QDA codebook (qdc, the',
          'default), Markdown for reading and printing, or JSON',
        ],
      },
      {
        synopsis: 'codebook import SHOW FILE.qdc | codebook publish SHOW',
        about: [
          "read a .qdc as the show's draft (the next version; a show with no codebook",
          'takes its first from the rubric its episodes share) and print what it made;',
          'publish makes the draft current: new analyses of the show are scored on it',
        ],
      },
      {
        synopsis:
          'codebook anchor EPISODE --dimension KEY (--statement ID | --chapter ID | --from S --to S) [--note TEXT]',
        about: [
          "add the moment (a statement, the chapter's score of KEY, or a time range) as",
          "an anchor of KEY in the episode's show's codebook draft, with what it shows",
        ],
      },
    ],
    load: async () => (await import('./commands/codebookCommand')).codebookCommand,
  },
  desk: {
    usage: [
      {
        synopsis: 'desk init URL [--insecure]',
        about: [
          "create or upgrade the desk catalogue (PostgreSQL 14+) in the URL's database,",
          "owned by the URL's user, and the desk's group roles; running it again",
          'changes nothing. The password comes from PGPASSWORD, ~/.pgpass or PGSERVICE,',
          'never the URL',
        ],
      },
      {
        synopsis:
          'desk add-person NAME --role reviewer|lead|pipeline --url ADMIN_URL --password-stdin [--insecure]',
        about: [
          "a login for NAME (a-z, 0-9, _) in the role's group, its password read from",
          'standard input; a reviewer adds its own analyses, a pipeline machine ones, a',
          'lead consensus ones too',
        ],
      },
      {
        synopsis: 'desk connect URL [--insecure] | desk disconnect',
        about: [
          'join the library (--db) to the catalogue and sync once, or leave it; the',
          'password as for init. A host outside this machine needs TLS (sslmode=',
          'verify-full&sslrootcert=CA) unless --insecure',
        ],
      },
      {
        synopsis: 'desk sync [--json] | desk status [--json]',
        about: [
          "push this library's changes and pull what is new (pushed, pulled,",
          'conflicts, waiting); exits 1 when the desk cannot be reached, the changes',
          'kept for the next sync. status: the URL, user, waiting and last sync',
        ],
      },
      {
        synopsis: 'desk list [--json] | desk get ID...|--show S [--json]',
        about: [
          "the catalogue's analyses (id, show, title, owner, status, revision, here or",
          'not) without fetching them; get brings analyses, or all of a show, here',
        ],
      },
      {
        synopsis: 'desk history ID [--json] | desk verify [--json]',
        about: [
          'who changed an analysis and when; verify compares each synced analysis with',
          "the catalogue's latest revision and exits 1 on any difference",
        ],
      },
      {
        synopsis:
          'desk assign ID...|--show S --reviewers a,b,c --overlap N [--calibration 10%] [--due YYYY-MM-DD] [--blind] [--json]',
        about: [
          "the lead's: each episode (or every one of the show nobody has yet) to N of",
          'the reviewers, balanced; the calibration share to every reviewer; --blind',
          "hides the other reviewers' work until each submits; ids already assigned",
          'are refused, nothing written',
        ],
      },
      {
        synopsis: 'desk queue [--json] | desk submit ID',
        about: [
          'your assignments (episode, analysis, state, due; offline, as last synced);',
          'submit pushes the analysis, free of what blocks publishing, as done',
        ],
      },
      {
        synopsis: 'desk send-back EPISODE REVIEWER --note TEXT',
        about: ["the lead's: submitted work back to its reviewer, with what to change"],
      },
      {
        synopsis: 'desk board [--show S] [--json]',
        about: [
          "the lead's: an assigned episode a line: its reviewers and states, and once two",
          "have submitted, the worst dimension's alpha and band (worst first)",
        ],
      },
      {
        synopsis: 'desk consensus EPISODE ANALYSIS | desk reference EPISODE ANALYSIS',
        about: [
          "the lead's: the episode's consensus (a consensus analysis of it; its",
          'assignments move to consensus), or its reference for calibration',
        ],
      },
      {
        synopsis: 'desk drift [--show S] [--since YYYY-MM-DD] [--json]',
        about: [
          "each reviewer's and the machine's mean difference from the consensus (else",
          "the other reviewers' mean) per dimension: n, mean, 95% interval (the months",
          'in --json)',
        ],
      },
      {
        synopsis: 'desk calibration ID [--json]',
        about: ['a submitted calibration analysis against the reference, per dimension'],
      },
    ],
    load: async () => (await import('./commands/deskCommand')).deskCommand,
  },
}

/** The command so named, or undefined (an inherited name such as `constructor` is no command). */
export const commandNamed = (name: string): CommandEntry | undefined =>
  Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
