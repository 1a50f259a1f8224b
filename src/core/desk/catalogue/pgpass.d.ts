// The pgpass package (pg's own reader of ~/.pgpass, PGPASSFILE) ships no types.
declare module 'pgpass' {
  interface PgPassConnection {
    host?: string
    port?: number | string
    database?: string
    user?: string
  }
  function pgpass(connection: PgPassConnection, callback: (password: string | undefined) => void): void
  export default pgpass
}
