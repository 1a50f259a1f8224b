import type { CodebookVersionSummary } from '../../../shared/codebook'

const day = (iso: string | null): string => (iso ? iso.slice(0, 10) : '—')

/** The show's codebook versions, newest first: each one's state, dates and whether a score used it. */
export function VersionsList(props: {
  versions: CodebookVersionSummary[]
  shown: number | null
  onShow: (version: number) => void
}): React.JSX.Element {
  const newestFirst = [...props.versions].sort((a, b) => b.version - a.version)
  return (
    <section className="codebook-versions" aria-labelledby="codebook-versions-heading">
      <h2 id="codebook-versions-heading">Versions</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">State</th>
            <th scope="col">Published</th>
            <th scope="col">Dimensions</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((v) => (
            <tr key={v.version} aria-current={v.version === props.shown ? 'true' : undefined}>
              <td>
                <button type="button" onClick={() => props.onShow(v.version)}>
                  Version {v.version}
                </button>
              </td>
              <td>
                {v.state}
                {v.used && ' · in use, frozen'}
              </td>
              <td>{day(v.publishedAt)}</td>
              <td>{v.dimensions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
