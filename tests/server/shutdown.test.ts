import { existsSync } from 'node:fs'
import http from 'node:http'
import { connect } from 'node:net'
import path from 'node:path'
import { describe, expect, inject, test } from 'vitest'
import {
  apiClient,
  login,
  type ServerProcess,
  sleep,
  startServer,
} from '../../scripts/support/server-process'
import { SQLITE_FILE_NAME } from '../../server/db/connection'
import { freshStorage } from './support/databases'
import { noisePng } from './support/images'
import { buildProvider } from './support/service-providers'

// SIGTERM (a deploy, `docker stop`) must not cut a request short: the server stops accepting
// connections, lets the requests it already has finish, closes the database and exits 0.

describe.each(['sqlite', 'postgres'] as const)('SIGTERM [%s]', (dialect) => {
  // Two server starts: slow on a busy machine, hence the generous timeout.
  test('finishes in-flight requests, refuses new connections, closes the database, exits 0', {
    timeout: 120_000,
  }, async () => {
    const { storage, remove } = await freshStorage(dialect, inject('pgUrl'))
    const agents = [new http.Agent({ keepAlive: true }), new http.Agent({ keepAlive: true })]
    const [idleAgent, slowAgent] = agents
    let server: ServerProcess | undefined
    try {
      server = await startServer(storage)
      const token = await login(server.url)
      const api = apiClient(server.url, token)
      const providerId = await api.create('/api/service-providers', buildProvider())
      const productId = await api.create('/api/products', {
        name: 'Jollof for 50',
        description: 'Party jollof.',
        pricing: 'Fixed',
        price: 12500,
        serviceProviderId: providerId,
      })

      // A kept-alive connection left idle must not hold the shutdown up.
      const idle = await send(server, idleAgent, 'GET', '/api/health')
      expect(idle.status).toBe(200)

      // Requests the server has already received, bodies still on the way: a large image upload
      // and a few creates. `Expect: 100-continue` tells us when the server has taken each one.
      const image = (await noisePng(700)).toString('base64')
      const upload = slowRequest(server, slowAgent, token, `/api/products/${productId}/images`, {
        image,
        imageName: 'Served warm',
      })
      const creates = [1, 2, 3].map(() =>
        slowRequest(
          server as ServerProcess,
          slowAgent,
          token,
          '/api/service-providers',
          buildProvider(),
        ),
      )
      const slow = [upload, ...creates]
      await Promise.all(slow.map((request) => request.continued))
      for (const request of slow) request.writeHalf()

      server.child.kill('SIGTERM')
      // The listening socket closes while those requests are still open...
      await waitUntilRefused(server.port)
      expect(server.alive()).toBe(true)
      // ...and they still complete.
      for (const request of slow) request.finish()
      const responses = await Promise.all(slow.map((request) => request.response))
      for (const response of responses) expect(response.status, response.body).toBe(201)

      const exit = await withTimeout(server.exited, 15_000, () => server?.output() ?? '')
      expect(exit, server.output()).toEqual({ code: 0, signal: null })
      if ('dataDir' in storage) {
        // SQLite removes the write-ahead log when the last connection closes cleanly; a killed
        // process leaves it behind.
        expect(existsSync(path.join(storage.dataDir, `${SQLITE_FILE_NAME}-wal`))).toBe(false)
      }

      // What was acknowledged is really stored.
      server = await startServer(storage)
      const again = apiClient(server.url, await login(server.url))
      const images = await again.get(`/api/products/${productId}/images`)
      expect(images.json().data.map((row: { imageName: string }) => row.imageName)).toEqual([
        'Served warm',
      ])
      for (const [index, response] of responses.slice(1).entries()) {
        const stored = await again.get(`/api/service-providers/${JSON.parse(response.body).id}`)
        expect(stored.json().email).toBe(creates[index].body.email)
      }
    } finally {
      if (server) await server.stop()
      for (const agent of agents) agent.destroy()
      await remove()
    }
  })
})

interface Reply {
  status: number
  body: string
}

function send(server: ServerProcess, agent: http.Agent, method: string, url: string) {
  return new Promise<Reply>((resolve, reject) => {
    const request = http.request(`${server.url}${url}`, { method, agent }, (response) => {
      let body = ''
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    request.on('error', reject)
    request.end()
  })
}

/** A POST whose headers go out at once and whose body is written in two halves on demand. */
function slowRequest<T extends object>(
  server: ServerProcess,
  agent: http.Agent,
  token: string,
  url: string,
  body: T,
) {
  const bytes = Buffer.from(JSON.stringify(body))
  const half = Math.floor(bytes.length / 2)
  const request = http.request(`${server.url}${url}`, {
    method: 'POST',
    agent,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': bytes.length,
      expect: '100-continue',
    },
  })
  const response = new Promise<Reply>((resolve, reject) => {
    request.once('error', reject)
    request.once('response', (incoming) => {
      let text = ''
      incoming.on('data', (chunk) => {
        text += chunk
      })
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }))
    })
  })
  // Node's server answers 100 Continue right before handing the request to Fastify.
  const continued = new Promise<void>((resolve, reject) => {
    request.once('continue', resolve)
    response.then(
      (early) => reject(new Error(`answered before the body was sent: ${early.status}`)),
      reject,
    )
  })
  response.catch(() => {})
  request.flushHeaders()
  return {
    body,
    continued,
    response,
    writeHalf: () => request.write(bytes.subarray(0, half)),
    finish: () => request.end(bytes.subarray(half)),
  }
}

/** Resolves once a new TCP connection to the port is refused. */
async function waitUntilRefused(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(false)
      })
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
    })
    if (refused) return
    await sleep(50)
  }
  throw new Error('the server kept accepting new connections after SIGTERM')
}

async function withTimeout<T>(promise: Promise<T>, ms: number, context: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms:\n${context()}`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
