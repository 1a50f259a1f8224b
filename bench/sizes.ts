/**
 * How big the bench's inputs are. The full bench measures the targets at their real sizes; the quick
 * one (`npm run bench:quick`, run by CI) computes every row at reduced sizes, to prove each still runs.
 */
export interface Sizes {
  name: 'full' | 'quick'
  /** Speech-like mp3 and mp4 for the long-media rows: a piece generated once, repeated by stream copy. */
  media: { pieceSeconds: number; hourPieces: number; threeHourPieces: number; videoPieces: number }
  /** Statement spans on the long episode's waveform. */
  regions: number
  /** The scale episode: its media (32 kb/s mono) and what it holds. */
  scale: {
    pieceSeconds: number
    pieces: number
    words: number
    segments: number
    chapters: number
    statements: number
    highlights: number
  }
  exportRuns: number
  /** Edits timed (a multiple of 3: chapter titles, scores and statement titles in turn). */
  edits: number
  /** Opens of the scale episode in the UI after the first, and loads of its URL in a new page. */
  opensAgain: number
  pageLoads: number
  scrollMs: number
  /** Runs of each command in the CLI's start row, side by side. */
  cliRuns: number
  /** Analyses of the scale episode compared at once, and the chapters each cuts it into. */
  agreement: { analyses: number; chapters: number }
  /** Analyses compared on a scale of 0 to 10^12, and their chapters (issue 38: 6 of 2,000). */
  hugeScale: { analyses: number; chapters: number }
  /** Transcript segments of the file whose statements (a tenth as many) each span it all (issue 38). */
  spanningStatements: { segments: number }
  /**
   * The library at a show's scale: its episodes (each as `episode` says, loaded `batch` files to a
   * multi-file load), the searches timed and the library's and show page's opens in Chromium.
   */
  library: {
    episodes: number
    batch: number
    episode: Sizes['scale']
    searchRounds: number
    opens: number
  }
  /** A network's back catalogue (issue 46): the library's episodes, this many, made straight into the database. */
  largeLibrary: { episodes: number }
  /**
   * The desk (issue 43), on the library above: syncs with nothing new timed, and edits on one library
   * timed until a second, connected library has them.
   */
  desk: { idleSyncs: number; liveEdits: number }
  /**
   * The desk's work (issue 44): its reviewers, its seasons (shows) of episodes assigned with `overlap`
   * and submitted, and one more season of as many episodes left for `desk assign`; looks in a new process
   * timed `looks` times each.
   */
  deskWork: { reviewers: number; seasons: number; episodesPerShow: number; overlap: number; looks: number }
}

export const FULL: Sizes = {
  name: 'full',
  media: { pieceSeconds: 600, hourPieces: 6, threeHourPieces: 18, videoPieces: 6 },
  regions: 500,
  scale: {
    pieceSeconds: 600,
    pieces: 24,
    words: 40_000,
    segments: 4_000,
    chapters: 60,
    statements: 1_000,
    highlights: 4,
  },
  exportRuns: 20,
  edits: 150,
  opensAgain: 4,
  pageLoads: 2,
  scrollMs: 3000,
  cliRuns: 5,
  agreement: { analyses: 10, chapters: 40 },
  hugeScale: { analyses: 6, chapters: 2_000 },
  spanningStatements: { segments: 20_000 },
  library: {
    episodes: 1_000,
    batch: 100,
    // An hour each: 10,000 words with word times in 1,000 segments, 10 chapters, 50 statements.
    episode: {
      pieceSeconds: 600,
      pieces: 6,
      words: 10_000,
      segments: 1_000,
      chapters: 10,
      statements: 50,
      highlights: 4,
    },
    searchRounds: 3,
    opens: 10,
  },
  largeLibrary: { episodes: 10_000 },
  desk: { idleSyncs: 20, liveEdits: 20 },
  // 10,000 episodes: nine seasons assigned and submitted, the tenth's 1,000 assigned by the row.
  deskWork: { reviewers: 20, seasons: 9, episodesPerShow: 1_000, overlap: 2, looks: 3 },
}

export const QUICK: Sizes = {
  name: 'quick',
  media: { pieceSeconds: 60, hourPieces: 3, threeHourPieces: 6, videoPieces: 3 },
  regions: 100,
  scale: {
    // Nine minutes: no file name shared with the full sizes' (their piece is 10 min).
    pieceSeconds: 60,
    pieces: 9,
    words: 1_400,
    segments: 140,
    chapters: 12,
    statements: 35,
    highlights: 4,
  },
  exportRuns: 5,
  edits: 15,
  opensAgain: 2,
  pageLoads: 1,
  scrollMs: 1000,
  cliRuns: 3,
  agreement: { analyses: 4, chapters: 12 },
  hugeScale: { analyses: 3, chapters: 200 },
  spanningStatements: { segments: 2_000 },
  library: {
    episodes: 12,
    batch: 5,
    episode: {
      pieceSeconds: 60,
      pieces: 10,
      words: 1_000,
      segments: 100,
      chapters: 10,
      statements: 10,
      highlights: 4,
    },
    searchRounds: 1,
    opens: 2,
  },
  largeLibrary: { episodes: 30 },
  desk: { idleSyncs: 5, liveEdits: 5 },
  deskWork: { reviewers: 6, seasons: 3, episodesPerShow: 50, overlap: 2, looks: 2 },
}

/** A duration as the bench's file names write it: 10min, 1h. */
export const fileLabel = (seconds: number): string =>
  seconds % 3600 === 0 ? `${seconds / 3600}h` : `${seconds / 60}min`

/** A duration as a row says it: 10 min, 1 h. */
export const spokenLabel = (seconds: number): string =>
  seconds % 3600 === 0 ? `${seconds / 3600} h` : `${seconds / 60} min`
