// Writes .br and .gz next to every text asset of a built front end, so the server sends them
// compressed without compressing on each request (@fastify/static preCompressed).
// Usage: node scripts/precompress.mjs apps/web/dist
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
const MIN_BYTES = 1024

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (COMPRESSIBLE.test(entry.name)) yield full
  }
}

const root = process.argv[2]
if (!root) {
  console.error('usage: node scripts/precompress.mjs <dist folder>')
  process.exit(1)
}
let count = 0
for await (const file of files(root)) {
  if ((await stat(file)).size < MIN_BYTES) continue
  const body = await readFile(file)
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }))
  count++
}
console.log(`precompressed ${count} files in ${root}`)
