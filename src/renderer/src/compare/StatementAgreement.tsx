import type { Agreement } from '../../../shared/agreement'
import { TableHead } from '../TableHead'

/** Statements matched one to one per pair of analyses (F1), and the dimensions not measured in full. */
export function StatementAgreement(props: {
  detail: Agreement & { labels: Record<string, string> }
  names: readonly string[]
}): React.JSX.Element {
  const { detail, names } = props
  const leftOut = Object.entries(detail.leftOut)
  return (
    <section className="statement-agreement" aria-label="Statements">
      <h2>Statements</h2>
      <table aria-label="Statements matched per pair">
        <TableHead columns={['Analyses', 'Matched', 'F1']} scoped />
        <tbody>
          {detail.statements.pairs.map((p) => (
            <tr key={`${p.a}-${p.b}`}>
              <th scope="row">
                {names[p.a]} and {names[p.b]}
              </th>
              <td>{p.matched}</td>
              <td>{p.f1 === null ? '— (neither has statements)' : p.f1.toFixed(3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {leftOut.length > 0 && (
        <>
          <h2>Left out of the measure</h2>
          <ul>
            {leftOut.map(([key, reason]) => (
              <li key={key}>
                {detail.labels[key] ?? key}: {reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
