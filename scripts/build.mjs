// The store's three builds (storefront, back office, server) and whether each is current.
//
//   node scripts/build.mjs              builds all three (`npm run build`)
//   node scripts/build.mjs web server   builds those
//   node scripts/build.mjs --stale      builds only those whose output is missing or whose sources changed
//
// A build is current when its output exists and the stamp written after it still matches its inputs: the
// path, modification time and size of every source file it is made from (no file is read, so checking all
// three takes a few milliseconds). Plain JavaScript: `npm start` runs it before anything is transpiled.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const STAMPS = path.join(ROOT, 'node_modules/.cache/khatwa-build')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Folders never walked: installed packages and build outputs. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'coverage', '.vite'])
/** Files no build reads: tests. */
const SKIPPED_FILES = /\.test\.[cm]?[jt]sx?$/

/** What every build depends on besides its own sources: the installed versions and the shared compiler settings. */
const COMMON = ['package.json', 'package-lock.json', 'tsconfig.base.json']

/** @typedef {{ name: string, inputs: string[], outputs: string[], command: [string, string[]] }} Target */

/** @type {Target[]} */
export const TARGETS = [
  {
    name: 'web',
    inputs: [...COMMON, 'apps/web', 'packages/shared', 'packages/client-kit', 'scripts/precompress.mjs'],
    // the browser files and the server-rendering bundle the API imports (apps/api/src/modules/pages/page-renderer.ts)
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-server/entry-server.js'],
    command: [npm, ['run', 'build', '-w', '@shop/web']],
  },
  {
    name: 'admin',
    inputs: [...COMMON, 'apps/admin', 'packages/shared', 'packages/client-kit', 'scripts/precompress.mjs'],
    outputs: ['apps/admin/dist/index.html'],
    command: [npm, ['run', 'build', '-w', '@shop/admin']],
  },
  {
    name: 'server',
    inputs: [...COMMON, 'apps/api/src', 'apps/api/package.json', 'apps/api/tsconfig.json', 'packages/shared', 'scripts/build-server.mjs'],
    // the API and the job worker (`npm run worker`), bundled together
    outputs: ['apps/api/dist/server.js', 'apps/api/dist/worker.js'],
    command: [process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')]],
  },
]

/** Every file under `entry` (a file or a folder, relative to `root`) a build reads, as `path:mtime:size` lines. */
function listInputs(root, entry, out) {
  const full = path.join(root, entry)
  let info
  try {
    info = statSync(full)
  } catch {
    out.push(`${entry}:missing`)
    return
  }
  if (!info.isDirectory()) {
    out.push(`${entry}:${info.mtimeMs}:${info.size}`)
    return
  }
  const names = readdirSync(full, { withFileTypes: true })
    .map((d) => d)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const d of names) {
    if (d.isDirectory() ? SKIPPED_DIRS.has(d.name) : SKIPPED_FILES.test(d.name)) continue
    listInputs(root, path.posix.join(entry, d.name), out)
  }
}

/** The hash of a target's inputs (paths, modification times, sizes). */
export function inputStamp(target, root = ROOT) {
  const lines = []
  for (const entry of target.inputs) listInputs(root, entry, lines)
  return createHash('sha256').update(lines.join('\n')).digest('hex')
}

const stampFile = (target, stamps) => path.join(stamps, `${target.name}.stamp`)

/** Whether the target's outputs exist and its stamp matches `stamp`. */
export function isCurrent(target, stamp, { root = ROOT, stamps = STAMPS } = {}) {
  if (!target.outputs.every((o) => existsSync(path.join(root, o)))) return false
  try {
    return readFileSync(stampFile(target, stamps), 'utf8').trim() === stamp
  } catch {
    return false
  }
}

export function writeStamp(target, stamp, stamps = STAMPS) {
  mkdirSync(stamps, { recursive: true })
  writeFileSync(stampFile(target, stamps), `${stamp}\n`)
}

/** The targets that need a build, each with the stamp of the inputs it is about to be built from. */
export function staleTargets(targets = TARGETS, options = {}) {
  return targets.map((target) => ({ target, stamp: inputStamp(target, options.root) })).filter(({ target, stamp }) => !isCurrent(target, stamp, options))
}

/**
 * Builds one target in a child process (the starting server never loads a bundler) and records its stamp.
 * The stamp is taken before the build, so a source saved during the build makes the next start build again.
 */
export function buildTarget(target, stamp = inputStamp(target)) {
  const [command, args] = target.command
  execFileSync(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] })
  writeStamp(target, stamp)
}

function main(argv) {
  const staleOnly = argv.includes('--stale')
  const names = argv.filter((a) => !a.startsWith('--'))
  const unknown = names.filter((n) => !TARGETS.some((t) => t.name === n))
  if (unknown.length) {
    process.stderr.write(`unknown build: ${unknown.join(', ')} (one of ${TARGETS.map((t) => t.name).join(', ')})\n`)
    process.exit(1)
  }
  const chosen = names.length ? TARGETS.filter((t) => names.includes(t.name)) : TARGETS
  const todo = staleOnly ? staleTargets(chosen) : chosen.map((target) => ({ target, stamp: inputStamp(target) }))
  for (const { target, stamp } of todo) {
    process.stderr.write(`build: ${target.name}\n`)
    buildTarget(target, stamp)
  }
  if (!todo.length) process.stderr.write('build: everything is current\n')
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}
