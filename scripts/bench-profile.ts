/**
 * `npm run bench -- --booking --profile`: a CPU profile of the app's isolate during booking races (ADR 0129), through
 * workerd's V8 inspector (Miniflare's `inspectorPort`) and the Chrome DevTools protocol's Profiler domain. The
 * profile is written as a .cpuprofile (Chrome DevTools' Performance panel or VS Code open it) and its top functions
 * by self time and by total time are printed.
 */
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { WebSocket } from 'undici'

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number }
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] }
export type CpuProfile = {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

/** A port nobody listens on now (the inspector's: a fixed one could be another bench's). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export interface Profiler {
  start(): Promise<void>
  stop(): Promise<CpuProfile>
  close(): void
}

/** The profiler of the isolate whose inspector target's title names `worker` (workerd lists one per worker). */
export async function isolateProfiler(inspectorPort: number, worker: string): Promise<Profiler> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    title: string
    webSocketDebuggerUrl: string
  }[]
  const target = targets.find((candidate) => candidate.title.includes(worker))
  if (!target) throw new Error(`no inspector target for ${worker}: ${targets.map((t) => t.title).join(', ')}`)
  const socket = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  let lastId = 0
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } }
    const waiting = message.id === undefined ? undefined : pending.get(message.id)
    if (!waiting || message.id === undefined) return
    pending.delete(message.id)
    if (message.error) waiting.reject(new Error(message.error.message))
    else waiting.resolve(message.result)
  })
  function call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = ++lastId
    socket.send(JSON.stringify({ id, method, params }))
    return new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (r: unknown) => void, reject }))
  }
  await call('Profiler.enable')
  // 100 µs between samples: a refused booking costs about 1-2 ms of CPU, so ~10-20 samples each.
  await call('Profiler.setSamplingInterval', { interval: 100 })
  return {
    async start() {
      await call('Profiler.start')
    },
    async stop() {
      return (await call<{ profile: CpuProfile }>('Profiler.stop')).profile
    },
    close() {
      socket.close()
    },
  }
}

function frameName(frame: CallFrame): string {
  const file = frame.url.split('/').pop() || frame.url || 'native'
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`
}

/** The functions with the most self time and the most total time (their own and their callees'), in ms and share. */
export function profileSummary(profile: CpuProfile, count: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  let all = 0
  let busy = 0
  profile.samples.forEach((sample, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000
    const node = byId.get(sample)
    if (!node) return
    all += ms
    if (node.callFrame.functionName === '(idle)') return
    busy += ms
    const name = frameName(node.callFrame)
    self.set(name, (self.get(name) ?? 0) + ms)
    const seen = new Set<string>()
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame
      if (!frame || frame.functionName === '(root)') continue
      const key = frameName(frame)
      if (seen.has(key)) continue
      seen.add(key)
      total.set(key, (total.get(key) ?? 0) + ms)
    }
  })
  const top = (times: Map<string, number>) =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `  ${ms.toFixed(1).padStart(7)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`)
  return [
    `Profiled ${all.toFixed(0)} ms, of which the isolate was busy ${busy.toFixed(0)} ms`,
    `Top ${count} by self time:`,
    ...top(self),
    `Top ${count} by total time:`,
    ...top(total),
  ]
}

export function writeProfile(path: string, profile: CpuProfile) {
  writeFileSync(path, JSON.stringify(profile))
}
