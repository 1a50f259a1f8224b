import '../desk/deskWork.css'
import { useEffect, useState } from 'react'
import type { DriftReport } from '../../../shared/contract/deskWork'
import { useDeskArrivals, useDeskStatus } from '../desk/deskStatus'
import { signed } from '../desk/workWords'
import { refusalInWords } from '../episode/refusalInWords'
import { call } from '../platform'
import { DriftMonths } from './DriftMonths'
import { overall, scored, whoName } from './driftFigures'

/** One cell: the mean lean, its 95 % interval and how many chapter scores it rests on. */
function DriftCell({ report, who, dimension }: { report: DriftReport; who: string; dimension: string }) {
  const f = overall(report, who, dimension)
  if (!f || f.n === 0 || f.mean === null) return <td className="hint">no scores</td>
  return (
    <td className="number">
      <b>{signed(f.mean)}</b>
      <div className="hint">
        {signed(f.low)} to {signed(f.high)} · n {f.n}
      </div>
    </td>
  )
}

/**
 * "Reviewers and the machine": while connected to a desk, how far each reviewer and the machine lean
 * from the consensus (else the other reviewers' mean) on each dimension of the show: the mean signed
 * difference with its 95 % interval and n, and per month as a line. Everyone is listed, the people
 * not scored yet said so. Read again when the desk brings something.
 */
export function DriftSection(props: {
  show: string
  labels: ReadonlyMap<string, string>
}): React.JSX.Element | null {
  const connected = useDeskStatus()?.connected === true
  const arrivals = useDeskArrivals()
  const [report, setReport] = useState<DriftReport | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { show, labels } = props
  useEffect(() => {
    if (!connected) return
    let live = true
    call('desk.drift', { show }).then(
      (answer) => {
        if (!live) return
        setReport(answer)
        setError(null)
      },
      (e: Error) => live && setError(refusalInWords(e.message)),
    )
    return () => {
      live = false
    }
  }, [connected, arrivals, show])
  if (!connected) return null
  const label = (key: string): string => labels.get(key) ?? key
  return (
    <section className="drift" aria-labelledby="show-drift-heading">
      <h2 id="show-drift-heading">Reviewers and the machine</h2>
      <p className="hint">
        How far each one’s chapter scores lean from the episode’s consensus (or, without one, from the other
        reviewers’ mean): above 0 scores higher. The range is a 95 % interval; n counts the chapter scores.
      </p>
      {error && <p className="hint">The desk could not say: {error}</p>}
      {!report && !error && <p className="hint">Asking the desk…</p>}
      {report && (
        <>
          <table aria-label="Lean from the consensus, per person and dimension">
            <thead>
              <tr>
                <th scope="col">Who</th>
                {report.dimensions.map((d) => (
                  <th key={d} scope="col" className="number">
                    {label(d)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.people.map((who) => (
                <tr key={who}>
                  <th scope="row">{whoName(who)}</th>
                  {scored(report, who) ? (
                    report.dimensions.map((d) => (
                      <DriftCell key={d} report={report} who={who} dimension={d} />
                    ))
                  ) : (
                    <td className="hint" colSpan={Math.max(1, report.dimensions.length)}>
                      not scored yet
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <DriftMonths report={report} label={label} />
        </>
      )}
    </section>
  )
}
