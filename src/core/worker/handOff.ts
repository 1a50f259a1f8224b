/**
 * Work for a thread that may still be starting (loading its module: 0.1-0.4 s), each piece handed over
 * ahead of the one its caller takes. Until the thread says it has started (`started` settles; null: it
 * is running already), what is handed waits, and what is taken meanwhile is done here instead: the
 * caller does not wait for the thread's start (a fifth of a command's load of 100 files). Once started,
 * the pieces waiting go to the thread but the next to be taken: the thread's first piece, its code not
 * yet optimised, takes longer than this thread's, which the caller would wait for. A piece given to the
 * thread that fails is thrown where it is taken, not as an unhandled rejection meanwhile.
 */
export function handOffOnceStarted<T>(
  started: Promise<unknown> | null,
): (onThread: () => Promise<T>, here: () => Promise<T>) => () => Promise<T> {
  let ready = started === null
  const waiting: (() => void)[] = []
  void started
    ?.catch(() => undefined)
    .finally(() => {
      ready = true
      for (const send of waiting.splice(0).slice(1)) send()
    })
  return (onThread, here) => {
    let result: Promise<T> | undefined
    const send = (): void => {
      if (result) return
      result = onThread()
      result.catch(() => undefined)
    }
    if (ready) send()
    else waiting.push(send)
    return async () => {
      // The thread's word that it has started is let in first: a caller that never waits on anything
      // else would otherwise do every piece here.
      if (!ready) await new Promise((resolve) => setImmediate(resolve))
      if (result) return result
      // Done here: no longer waiting for the thread.
      const at = waiting.indexOf(send)
      if (at >= 0) waiting.splice(at, 1)
      return (result = here())
    }
  }
}
