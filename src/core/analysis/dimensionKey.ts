import { PROTOTYPE_NAMES } from '../../shared/prototypeKeys'

const MAX_KEY_LENGTH = 64

/**
 * A dimension key made from its label, as the seed's keys are: camelCase ASCII ("Host humour" ->
 * "hostHumour"), accents dropped, "dimension" in front when the label starts with no letter, and a
 * number after it ("hostHumour2") when the episode already has the key.
 */
export function keyFromLabel(label: string, taken: ReadonlySet<string>): string {
  const words = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase())
  const camel = words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('')
  const base = (/^[a-z]/.test(camel) ? camel : `dimension${camel.charAt(0).toUpperCase()}${camel.slice(1)}`)
    // Room for a suffix, should the key be taken.
    .slice(0, MAX_KEY_LENGTH - 4)
  // `constructor` or `toString` would name a member of every object: numbered as if taken.
  const free = (key: string): boolean => !taken.has(key) && !PROTOTYPE_NAMES.has(key)
  if (free(base)) return base
  let n = 2
  while (!free(`${base}${n}`)) n++
  return `${base}${n}`
}
