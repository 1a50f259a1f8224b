// Loaded with `--require` into the core process the Electron stand-in starts (tests/electronStandIn.ts):
// gives it Electron's `process.parentPort` over Node's IPC channel, with the semantics a utilityProcess
// has (electron/electron lib/utility/parent-port.ts, docs/api/parent-port.md): messages arrive as
// `{ data, ports }`, those sent before a 'message' listener exists are queued until one is added, and
// the process lives until process.exit or its parent lets go, whatever its event loop holds.
'use strict'
const { EventEmitter } = require('node:events')

const send = process.send.bind(process)
const port = new EventEmitter()
const queued = []
port.postMessage = (message) => send(message)
process.on('message', (data) => {
  if (port.listenerCount('message') > 0) port.emit('message', { data, ports: [] })
  else queued.push(data)
})
port.on('newListener', (name) => {
  if (name !== 'message') return
  setImmediate(() => {
    for (const data of queued.splice(0)) port.emit('message', { data, ports: [] })
  })
})
Object.defineProperty(process, 'parentPort', { enumerable: true, writable: false, value: port })
// The core must talk through the port, as under Electron, where there is no process.send.
process.send = undefined
// Alive until process.exit, like a Chromium service; gone when the parent is.
setInterval(() => undefined, 1 << 30)
process.on('disconnect', () => process.exit(0))
