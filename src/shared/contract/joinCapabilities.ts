/**
 * Joins the capabilities' method maps into the one map the core's door dispatches on. A method name two
 * capabilities declare would leave one of them unreachable: it is refused, at compile time by
 * `OneHomeEach` and at load by `joinCapabilities`.
 */

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never

type AllMethods<C> = UnionToIntersection<C[keyof C]>

/** Every capability's methods as one map. */
export type Joined<C> = { [K in keyof AllMethods<C>]: AllMethods<C>[K] }

/** The method names that two of the capabilities both declare. */
type Twice<C> = {
  [A in keyof C]: { [B in Exclude<keyof C, A>]: keyof C[A] & keyof C[B] }[Exclude<keyof C, A>]
}[keyof C]

/** `true` when each method has one capability; else a sentence naming the methods declared twice. */
export type OneHomeEach<C> = [Twice<C>] extends [never]
  ? true
  : `declared by two capabilities: ${Twice<C> & string}`

export function joinCapabilities<C extends Record<string, object>>(capabilities: C): Joined<C> {
  const joined: Record<string, unknown> = {}
  const homes = new Map<string, string>()
  for (const [capability, methods] of Object.entries(capabilities)) {
    for (const [name, declared] of Object.entries(methods)) {
      const home = homes.get(name)
      if (home !== undefined) {
        throw new Error(
          `contract: the method ${name} is declared by two capabilities, ${home} and ${capability}`,
        )
      }
      homes.set(name, capability)
      joined[name] = declared
    }
  }
  return joined as Joined<C>
}
