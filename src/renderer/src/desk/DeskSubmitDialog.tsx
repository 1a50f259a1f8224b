import { useState } from 'react'
import type { CalibrationResult, QueueItem } from '../../../shared/contract/deskWork'
import type { Problem } from '../../../shared/problems'
import { refusalInWords } from '../episode/refusalInWords'
import { ModalForm } from '../ModalForm'
import { call } from '../platform'
import { useModalDialog } from '../useModalDialog'
import { queueChanged } from './deskQueue'
import { signed } from './workWords'
import './deskWork.css'

type Step =
  | { kind: 'asking' }
  | { kind: 'submitting' }
  | { kind: 'refused'; message: string }
  | { kind: 'submitted'; calibration: CalibrationResult | null | 'reading' | 'none' }

/** The core's one line, its problems after the colon split one a line (when the view has none to show). */
const coreLines = (message: string): string[] => {
  const at = message.indexOf('problems: ')
  return at < 0 ? [message] : message.slice(at + 'problems: '.length).split('; ')
}

/** What blocks submitting, as the Problems panel says it (each goes to its item), else the core's lines. */
function Refusal(props: {
  message: string
  problems: readonly Problem[]
  onGo: (problem: Problem) => void
}): React.JSX.Element {
  const { problems } = props
  return (
    <div role="alert" className="error submit-refusal">
      <p>Not submitted: fix these first, then submit again.</p>
      <ol aria-label="Problems">
        {problems.length > 0
          ? problems.map((p) => (
              <li key={p.key}>
                <button type="button" className="link" onClick={() => props.onGo(p)}>
                  {p.message}
                </button>
              </li>
            ))
          : coreLines(props.message).map((line, i) => <li key={i}>{line}</li>)}
      </ol>
    </div>
  )
}

const score = (value: number | null): string => (value === null ? '—' : value.toFixed(2))

/** A calibration episode submitted: how far one's scores are from the lead's reference, per dimension. */
function CalibrationTable(props: {
  result: CalibrationResult
  labels: ReadonlyMap<string, string>
}): React.JSX.Element {
  const { result, labels } = props
  return (
    <table aria-label="Your difference from the reference">
      <thead>
        <tr>
          <th scope="col">Dimension</th>
          <th scope="col" className="number">
            Yours
          </th>
          <th scope="col" className="number">
            Reference
          </th>
          <th scope="col" className="number">
            Difference
          </th>
        </tr>
      </thead>
      <tbody>
        {result.dimensions.map((d) => (
          <tr key={d.dimension}>
            <th scope="row">{labels.get(d.dimension) ?? d.dimension}</th>
            <td className="number">{score(d.mine)}</td>
            <td className="number">{score(d.reference)}</td>
            <td className="number">{signed(d.difference)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * Submit to the desk: asks once (the work is the lead's from then on, until sent back), then submits;
 * a refusal is the core's own words, which list what to fix; a calibration episode then shows the
 * difference from the reference per dimension.
 */
export function DeskSubmitDialog(props: {
  id: string
  assignment: QueueItem
  /** What blocks publishing in the view, which blocks submitting too. */
  problems: readonly Problem[]
  /** The rubric's labels by dimension key, for the calibration's rows. */
  labels: ReadonlyMap<string, string>
  onGo: (problem: Problem) => void
  onClose: () => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const [step, setStep] = useState<Step>({ kind: 'asking' })
  const { id, assignment } = props
  const title = assignment.title ?? assignment.episode
  const submit = (): void => {
    if (step.kind !== 'asking' && step.kind !== 'refused') return dialog.current?.close()
    setStep({ kind: 'submitting' })
    call('desk.submit', { id }).then(
      (item) => {
        queueChanged()
        if (!item.calibration) return setStep({ kind: 'submitted', calibration: 'none' })
        setStep({ kind: 'submitted', calibration: 'reading' })
        call('desk.calibration', { id }).then(
          (calibration) => setStep({ kind: 'submitted', calibration }),
          () => setStep({ kind: 'submitted', calibration: null }),
        )
      },
      (e: Error) => setStep({ kind: 'refused', message: refusalInWords(e.message) }),
    )
  }
  const done = step.kind === 'submitted'
  return (
    <ModalForm
      dialogRef={dialog}
      className="desk-dialog desk-submit"
      title="Submit to the desk"
      onClose={props.onClose}
      onSubmit={submit}
    >
      {!done && (
        <p>
          “{title}” goes to the lead’s board as your scoring of it. Once submitted it is the lead’s: it comes
          back to you only if they send it back with a note.
        </p>
      )}
      {step.kind === 'submitting' && <p role="status">Submitting…</p>}
      {step.kind === 'refused' && (
        <Refusal
          message={step.message}
          problems={props.problems}
          onGo={(problem) => {
            dialog.current?.close()
            props.onGo(problem)
          }}
        />
      )}
      {done && <p role="status">Submitted to the desk: “{title}” is on the lead’s board.</p>}
      {done && step.calibration === 'reading' && (
        <p className="hint">Reading your difference from the reference…</p>
      )}
      {done && step.calibration === null && (
        <p className="hint">
          A calibration episode: your difference from the reference shows here once the lead marks one.
        </p>
      )}
      {done && typeof step.calibration === 'object' && step.calibration !== null && (
        <>
          <h3>Calibration: your scores against the reference</h3>
          <CalibrationTable result={step.calibration} labels={props.labels} />
        </>
      )}
      <footer>
        {!done && (
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        )}
        <button type="submit" className="primary" disabled={step.kind === 'submitting'} autoFocus>
          {done ? 'Close' : 'Submit'}
        </button>
      </footer>
    </ModalForm>
  )
}
