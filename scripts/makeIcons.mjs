// Draws the app icon (a waveform with one gold statement span, on a dark rounded square) and writes it
// as resources/icon.png (512 px, Linux and the window), icon.icns (macOS) and icon.ico (Windows). Run it
// again after changing the drawing: `node scripts/makeIcons.mjs`. PNG, ICNS and ICO are written here by
// hand (each embeds PNG images) so that no image tool is needed.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'resources')

const BACKGROUND = [28, 31, 38]
const BAR = [148, 160, 184]
const GOLD = [230, 176, 60]

/** Coverage of one point of the unit square by the drawing: [r, g, b, a] with a in 0..1. */
function paint(x, y) {
  // Rounded square, corner radius 0.18, inset 0.04.
  const inset = 0.04
  const radius = 0.18
  const cx = Math.min(Math.max(x, inset + radius), 1 - inset - radius)
  const cy = Math.min(Math.max(y, inset + radius), 1 - inset - radius)
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return [0, 0, 0, 0]
  // Eleven waveform bars; the middle five lie in the gold span.
  const bars = 11
  const left = 0.16
  const width = 0.68
  const slot = width / bars
  const index = Math.floor((x - left) / slot)
  const inSlot = (x - left) / slot - index
  if (index >= 0 && index < bars && inSlot > 0.2 && inSlot < 0.8) {
    const heights = [0.18, 0.32, 0.24, 0.46, 0.62, 0.5, 0.66, 0.4, 0.28, 0.36, 0.16]
    const half = (heights[index] ?? 0) / 2
    if (Math.abs(y - 0.5) < half) return [...(index >= 3 && index <= 7 ? GOLD : BAR), 1]
  }
  // The statement's span: a faint gold band behind the middle bars.
  const spanLeft = left + 3 * slot
  const spanRight = left + 8 * slot
  if (x > spanLeft && x < spanRight && Math.abs(y - 0.5) < 0.36) {
    const mix = 0.16
    return [...BACKGROUND.map((c, i) => c * (1 - mix) + (GOLD[i] ?? 0) * mix), 1]
  }
  return [...BACKGROUND, 1]
}

/** RGBA pixels at `size`, each the average of 4x4 samples so that edges are smooth. */
function render(size) {
  const pixels = Buffer.alloc(size * size * 4)
  const samples = 4
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const [cr, cg, cb, ca] = paint(
            (px + (sx + 0.5) / samples) / size,
            (py + (sy + 0.5) / samples) / size,
          )
          r += cr * ca
          g += cg * ca
          b += cb * ca
          a += ca
        }
      const at = (py * size + px) * 4
      pixels[at] = a ? Math.round(r / a) : 0
      pixels[at + 1] = a ? Math.round(g / a) : 0
      pixels[at + 2] = a ? Math.round(b / a) : 0
      pixels[at + 3] = Math.round((a / samples ** 2) * 255)
    }
  return pixels
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

function png(size) {
  const pixels = render(size)
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bits per channel
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** ICNS with PNG entries: ic07 128, ic08 256, ic09 512, ic10 1024 (512@2x). */
function icns(images) {
  const entries = [
    ['ic07', images[128]],
    ['ic08', images[256]],
    ['ic09', images[512]],
    ['ic10', images[1024]],
  ].map(([type, data]) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const body = Buffer.concat(entries)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

/** ICO with PNG entries (Windows Vista and later read them), 16 to 256 px. */
function ico(images, sizes) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(1, 2) // icon
  header.writeUInt16LE(sizes.length, 4)
  let offset = 6 + 16 * sizes.length
  const directory = sizes.map((size) => {
    const entry = Buffer.alloc(16)
    entry[0] = size >= 256 ? 0 : size
    entry[1] = size >= 256 ? 0 : size
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(images[size].length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += images[size].length
    return entry
  })
  return Buffer.concat([header, ...directory, ...sizes.map((size) => images[size])])
}

const sizes = [16, 32, 48, 128, 256, 512, 1024]
const images = Object.fromEntries(sizes.map((size) => [size, png(size)]))
fs.mkdirSync(out, { recursive: true })
fs.writeFileSync(path.join(out, 'icon.png'), images[512])
fs.writeFileSync(path.join(out, 'icon.icns'), icns(images))
fs.writeFileSync(path.join(out, 'icon.ico'), ico(images, [16, 32, 48, 256]))
console.log(`wrote ${path.relative(root, out)}/icon.png, icon.icns, icon.ico`)
