import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

export interface RunningStore {
  url: string
  ownerEmail: string
  ownerPassword: string
  stop: () => Promise<void>
}

/** A free TCP port in [from, to]: the first one this machine lets us bind. */
async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const isFree = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .once('listening', () => probe.close(() => resolve(true)))
      probe.listen(port, '127.0.0.1')
    })
    if (isFree) return port
  }
  throw new Error(`no free port between ${from} and ${to}`)
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      const reply = await fetch(`${url}/readyz`)
      if (reply.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms`)
}

/**
 * Starts the real store (API, storefront and back office on one port) on a fresh data folder and returns
 * the first owner's password, which the server prints once on its first start. It starts as `npm start`
 * does (scripts/start.mjs): what is stale among the storefront, back office and server builds is rebuilt
 * first, then the built server runs, so the tests drive the code that goes to production.
 */
export async function startStore(): Promise<RunningStore> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adminui-e2e-'))
  const port = await freePort(Number(process.env.E2E_PORT_FROM ?? 3300), Number(process.env.E2E_PORT_TO ?? 3399))
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--enable-source-maps', 'scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // one test signs one account in and places a dozen orders to fill two pages of its list
      RATE_LIMIT_ORDER: process.env.RATE_LIMIT_ORDER ?? '50/3600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    await rm(dataDir, { recursive: true, force: true })
  }

  try {
    await waitForReady(url, child, Number(process.env.E2E_START_TIMEOUT_MS ?? 240_000))
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`)
  }
  // The password is printed during start-up; give the output stream a moment to catch up.
  for (let i = 0; i < 20 && !/password:\s*\S+/.test(output); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  const email = /e-mail:\s*(\S+@\S+)/.exec(output)?.[1] ?? 'owner@khatwa.dz'
  const password = /password:\s*(\S+)/.exec(output)?.[1]
  if (!password) {
    await stop()
    throw new Error(`the server did not print the owner password\n--- server output ---\n${output}`)
  }
  return { url, ownerEmail: email, ownerPassword: password, stop }
}
