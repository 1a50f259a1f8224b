import type { SpeakingBalance } from '../../../../shared/episodeFormat'
import { labelEvery } from '../../../../shared/scoreChart'
import { formatClock } from '../../../../shared/time'
import { ROLE_COLORS } from './chartColors'

const WIDTH = 640
const HEIGHT = 150
const PAD = { left: 40, right: 12, top: 8, bottom: 22 }
const PLOT_W = WIDTH - PAD.left - PAD.right
const PLOT_H = HEIGHT - PAD.top - PAD.bottom

const ROLES = [
  { role: 'host', field: 'hostSeconds', label: 'the hosts' },
  { role: 'guest', field: 'guestSeconds', label: 'the guest' },
  { role: 'other', field: 'otherSeconds', label: 'anyone else' },
] as const

// The caption reads as the published page's: "gold is the hosts, purple is the guest".
const COLOR_NAMES = { host: 'gold', guest: 'purple', other: 'grey' } as const

/**
 * Who speaks in each bin, stacked: hosts gold at the bottom, guests purple on them, others grey on top.
 * A bar's height is the part of the bin that is speech, so a quiet stretch shows as a short bar.
 */
export function SpeakingBalanceChart({ balance }: { balance: SpeakingBalance }): React.JSX.Element {
  const { bins } = balance
  const band = PLOT_W / Math.max(1, bins.length)
  // Two people talking at once can fill more than the bin; the scale grows rather than clip the bar.
  const top = Math.max(
    1,
    ...bins.map((b) => (b.hostSeconds + b.guestSeconds + b.otherSeconds) / binLength(b)),
  )
  const height = (seconds: number, length: number): number => (PLOT_H * seconds) / length / top
  const every = labelEvery(bins.length, 12)
  return (
    <figure className="balance-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Speaking balance in ${balance.binSeconds / 60} minute bins`}
      >
        {[0, 0.5, 1].map((share) => (
          <g key={share} className="tick">
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={PAD.top + PLOT_H * (1 - share / top)}
              y2={PAD.top + PLOT_H * (1 - share / top)}
            />
            <text
              x={PAD.left - 6}
              y={PAD.top + PLOT_H * (1 - share / top)}
              textAnchor="end"
              dominantBaseline="middle"
            >
              {share * 100}%
            </text>
          </g>
        ))}
        {bins.map((bin, i) => {
          const length = binLength(bin)
          let base = PAD.top + PLOT_H
          return (
            <g key={bin.start} className="balance-bin" data-start={bin.start}>
              {ROLES.map(({ role, field, label }) => {
                const seconds = bin[field]
                if (seconds <= 0) return null
                const h = height(seconds, length)
                base -= h
                return (
                  <rect
                    key={role}
                    className={`balance-bar role-${role}`}
                    data-role={role}
                    fill={ROLE_COLORS[role]}
                    x={PAD.left + band * i + band * 0.1}
                    y={base}
                    width={band * 0.8}
                    height={h}
                  >
                    <title>
                      {formatClock(bin.start)}–{formatClock(bin.end)}: {label} {formatClock(seconds)}
                    </title>
                  </rect>
                )
              })}
              {i % every === 0 && (
                <text
                  className="bin-label"
                  x={PAD.left + band * i + band / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                >
                  {formatClock(bin.start)}
                </text>
              )}
            </g>
          )
        })}
      </svg>
      <figcaption>
        speaking balance:{' '}
        {ROLES.map(({ role, label }, i) => (
          <span key={role} className="legend-item">
            <i className="swatch" style={{ background: ROLE_COLORS[role] }} aria-hidden="true" />
            {COLOR_NAMES[role]} is {label}
            {i < ROLES.length - 1 ? ', ' : ' '}
          </span>
        ))}
        ({balance.binSeconds / 60} minute bins)
      </figcaption>
    </figure>
  )
}

// The last bin may be shorter than the others; an empty one counts as a second so nothing divides by 0.
const binLength = (bin: { start: number; end: number }): number => Math.max(1, bin.end - bin.start)
