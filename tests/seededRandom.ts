/**
 * mulberry32: small and seedable, so that a run (a worker and its parent, a bench episode) repeats
 * exactly; the desk's work uses the same generator (core/desk/work/seededGenerator.ts).
 */
export { seededGenerator as random } from '../src/core/desk/work/seededGenerator'
