/**
 * Names an object answers for without having them: `Object.prototype`'s members. Read from input with
 * `in` or `obj[key]` they find the prototype's function instead of nothing, so such keys are refused
 * where input names things (a dimension key) and looked up with Object.hasOwn everywhere else.
 */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype))

/** What every problem with a prototype key says, after its JSON path. */
export const PROTOTYPE_KEY_PROBLEM = 'a key named like a member of every JavaScript object is not taken'

/**
 * Where parsed JSON has an own `__proto__` key (JSON.parse makes one): a schema's record would drop it
 * silently, and an assignment would change an object's prototype with it. The values under a key named
 * `opaque` (episode JSON's `extensions`) are other programs' data, kept as text and given back as they
 * came, so only that object's own keys are looked at. Paths in document order; iterative, so deep
 * input cannot overflow the stack.
 */
export function protoKeyPaths(value: unknown, opaque?: string): PropertyKey[][] {
  // Each place keeps its parent rather than a copy of its path: deep input stays linear.
  interface Place {
    value: unknown
    key: PropertyKey | null
    parent: Place | null
  }
  const pathOf = (place: Place | null): PropertyKey[] => {
    const path: PropertyKey[] = []
    for (let p = place; p && p.key !== null; p = p.parent) path.unshift(p.key)
    return path
  }
  const found: PropertyKey[][] = []
  const stack: Place[] = [{ value, key: null, parent: null }]
  // Only objects are visited, each once, and nothing is made for a child that is not one: an hour's
  // episode is ~10,000 objects, walked on every load (pairs of every key and value made it 4.2 ms; 1.6 now).
  for (let place = stack.pop(); place; place = stack.pop()) {
    const item = place.value
    if (typeof item !== 'object' || item === null) continue
    const isArray = Array.isArray(item)
    if (!isArray && Object.hasOwn(item, '__proto__')) found.push([...pathOf(place), '__proto__'])
    if (opaque !== undefined && place.key === opaque) continue
    if (isArray) {
      // By index, so a sparse array's holes are looked at as entries too (they hold nothing).
      for (let i = item.length - 1; i >= 0; i--) {
        const child: unknown = item[i]
        if (typeof child === 'object' && child !== null) stack.push({ value: child, key: i, parent: place })
      }
      continue
    }
    const keys = Object.keys(item)
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string
      const child: unknown = (item as Record<string, unknown>)[key]
      if (typeof child === 'object' && child !== null) stack.push({ value: child, key, parent: place })
    }
  }
  return found
}
