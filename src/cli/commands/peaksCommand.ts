import { DEFAULT_PIXELS_PER_SECOND, writePeaksFile } from '../../core/service/localService'
import { str } from '../commandArguments'
import { UsageError, type RunCommand } from '../usage'

/** `peaks MEDIA --out FILE.dat [--pixels-per-second N]`: BBC audiowaveform v2 peaks, no database. */
export const peaksCommand: RunCommand = async (parseCommand) => {
  const { values, positionals } = parseCommand({
    out: { type: 'string' },
    'pixels-per-second': { type: 'string' },
  })
  const [media] = positionals
  const out = str(values.out)
  if (!media || positionals.length > 1 || !out) throw new UsageError('peaks needs MEDIA and --out FILE.dat')
  const pps =
    values['pixels-per-second'] === undefined
      ? DEFAULT_PIXELS_PER_SECOND
      : Number(values['pixels-per-second'])
  if (!Number.isFinite(pps) || pps <= 0 || pps > 10_000)
    throw new UsageError('--pixels-per-second must be a number from 1 to 10000')
  await writePeaksFile(media, out, pps)
  return 0
}
