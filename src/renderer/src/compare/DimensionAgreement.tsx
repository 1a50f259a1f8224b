import type { AgreementAnalysis, DimensionAgreement as Measured } from '../../../shared/agreement'
import { formatClock } from '../../../shared/time'
import { AgreementStrip, type StripUnit } from './AgreementStrip'
import { alphaReading, DISAGREEMENT } from './agreementReading'

/** Alpha by one metric: its value and Krippendorff's band, in the band's colour. */
function AlphaValue({ metric, alpha }: { metric: string; alpha: number | null }): React.JSX.Element {
  const reading = alphaReading(alpha)
  return (
    <div className="alpha">
      <dt>α {metric}</dt>
      <dd>
        <b>{reading.value}</b>{' '}
        <span className={reading.band ? `band band-${reading.band}` : 'hint'}>{reading.words}</span>
      </dd>
    </div>
  )
}

/**
 * One dimension compared: alpha (interval and ordinal) with its band, a strip per analysis of its scores
 * along the timeline, the units where they differ by DISAGREEMENT or more marked under them, and each
 * pair's mean difference.
 */
export function DimensionAgreement(props: {
  label: string
  measured: Measured
  analyses: readonly AgreementAnalysis[]
  names: readonly string[]
  units: readonly StripUnit[]
  ratings: readonly (readonly (number | null)[])[]
  scale: { min: number; max: number }
  /** The analyses lacking this dimension (it is measured over the others). */
  lacking: readonly number[]
  onOpen: (analysis: number, start: number) => void
}): React.JSX.Element {
  const { label, measured, names, units } = props
  const differing = units.filter((u) => u.spread !== null && u.spread >= DISAGREEMENT).length
  return (
    <section className="dimension-agreement" aria-label={label}>
      <h2>{label}</h2>
      <dl className="alphas">
        <AlphaValue metric="interval" alpha={measured.alpha.interval} />
        <AlphaValue metric="ordinal" alpha={measured.alpha.ordinal} />
      </dl>
      {props.lacking.length > 0 && (
        <p className="hint">
          Not in every analysis: measured without {props.lacking.map((i) => names[i]).join(', ')}.
        </p>
      )}
      <div className="dimension-strips">
        {props.analyses.map((a, i) => (
          <AgreementStrip
            key={a.source}
            name={names[i] ?? a.source}
            origin={a.origin}
            dimension={label}
            units={units}
            values={props.ratings[i] ?? []}
            scale={props.scale}
            onOpen={(start) => props.onOpen(i, start)}
          />
        ))}
        <div className="agreement-strip disagreements">
          <span className="strip-name">
            {differing === 0
              ? `No unit differs by ${DISAGREEMENT} or more`
              : `${differing} of ${units.length} differ by ${DISAGREEMENT} or more`}
          </span>
          <div className="agreement-units" aria-hidden="true">
            {units.map((u) => (
              <span key={u.start} style={{ flexGrow: u.end - u.start }}>
                {u.spread !== null && u.spread >= DISAGREEMENT ? '▲' : ''}
              </span>
            ))}
          </div>
        </div>
        <div className="agreement-strip strip-axis" aria-hidden="true">
          <span />
          <span className="axis">
            <span>{formatClock(units[0]?.start ?? 0)}</span>
            <span>{formatClock(units[units.length - 1]?.end ?? 0)}</span>
          </span>
        </div>
      </div>
      <details>
        <summary>Mean absolute difference per pair</summary>
        <ul>
          {measured.pairs.map((p) => (
            <li key={`${p.a}-${p.b}`}>
              {names[p.a]} and {names[p.b]}:{' '}
              {p.meanAbsoluteDifference === null
                ? 'no unit both scored'
                : `${p.meanAbsoluteDifference.toFixed(2)} over ${p.units} units`}
            </li>
          ))}
        </ul>
      </details>
    </section>
  )
}
