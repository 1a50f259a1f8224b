/**
 * The Node calibration in a process of its own, so that its time is the machine's and not the state the
 * bench's own process has reached (its heap, its compiled code): one untimed run, then
 * CALIBRATION_RUNS timed, printed as JSON.
 */
import { CALIBRATION_RUNS, nodeWorkloadMs } from './calibrationWork'

nodeWorkloadMs()
const runs = Array.from({ length: CALIBRATION_RUNS }, () => nodeWorkloadMs())
console.log(JSON.stringify({ runs }))
