import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { describeEachDatabase, uniqueName } from './support/databases'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

describeEachDatabase('operator CLI', (suite) => {
  // Runs the CLI exactly as `npm run operator -- ...` does, against this suite's database.
  const runCli = (args: string[], stdin: string): Promise<Run> =>
    new Promise((resolve, reject) => {
      const child = spawn(tsx, ['server/cli/operator.ts', ...args], {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: suite.config.dataDir,
          DATABASE_URL: suite.config.databaseUrl ?? '',
          ADMIN_USERNAME: '',
          ADMIN_PASSWORD: '',
        },
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk) => {
        stdout += chunk
      })
      child.stderr.on('data', (chunk) => {
        stderr += chunk
      })
      child.on('error', reject)
      child.on('close', (code) => resolve({ code, stdout, stderr }))
      child.stdin.end(stdin)
    })

  test('add creates an operator who can then log in', async () => {
    const username = uniqueName('alice')
    const result = await runCli(['add', username], 'correct-horse\ncorrect-horse\n')
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`"${username}" created`)
    expect(result.stdout).not.toContain('correct-horse')

    const app = await suite.makeApp()
    expect(await suite.login(app, username, 'correct-horse')).toEqual(expect.any(String))
  })

  test('add --role gives the operator that role; without it, an administrator', async () => {
    const viewer = uniqueName('viewer')
    const admin = uniqueName('admin')
    const results = await Promise.all([
      runCli(['add', viewer, '--role', 'viewer'], 'correct-horse\ncorrect-horse\n'),
      runCli(['add', admin], 'correct-horse\ncorrect-horse\n'),
    ])
    expect(results.map((result) => result.code)).toEqual([0, 0])
    expect(results[0].stdout).toContain(`"${viewer}" created (viewer)`)
    const roles = await suite.db
      .selectFrom('operators')
      .select(['username', 'role'])
      .where('username', 'in', [viewer, admin])
      .orderBy('username')
      .execute()
    expect(Object.fromEntries(roles.map((row) => [row.username, row.role]))).toEqual({
      [viewer]: 'viewer',
      [admin]: 'administrator',
    })
  })

  test('reset-password changes the password and signs the operator out', async () => {
    const app = await suite.makeApp()
    const { token, operator } = await suite.loginAsNewOperator(app)
    const result = await runCli(
      ['reset-password', operator.username],
      'new-password-1\nnew-password-1\n',
    )
    expect(result.code).toBe(0)

    const old = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: operator.username, password: operator.password },
    })
    expect(old.statusCode).toBe(401)
    const revoked = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(revoked.statusCode).toBe(401)
    expect(await suite.login(app, operator.username, 'new-password-1')).toEqual(expect.any(String))
  })

  test('refuses mismatched, short or duplicate input with a non-zero exit', async () => {
    const existing = await suite.createOperator()
    // Independent processes: run them side by side to keep the suite quick.
    const [mismatch, short, duplicate, unknown] = await Promise.all([
      runCli(['add', uniqueName()], 'password-one\npassword-two\n'),
      runCli(['add', uniqueName()], 'short\nshort\n'),
      runCli(['add', existing.username], 'password-1\npassword-1\n'),
      runCli(['reset-password', 'nobody-at-all'], 'password-1\npassword-1\n'),
    ])
    expect(mismatch.code).toBe(1)
    expect(mismatch.stderr).toMatch(/do not match/)
    expect(short.code).toBe(1)
    expect(short.stderr).toMatch(/at least 8/)
    expect(duplicate.code).toBe(1)
    expect(duplicate.stderr).toMatch(/already exists/)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/No operator/)
  })

  test('prints usage on bad arguments', async () => {
    const argSets = [
      [],
      ['remove', 'bob'],
      ['add'],
      ['add', 'a', 'b'],
      ['add', 'a', '--role', 'owner'],
      ['add', 'a', '--role'],
      ['add', 'a', '--colour', 'red'],
      ['reset-password', 'a', '--role', 'viewer'],
    ]
    const results = await Promise.all(argSets.map((args) => runCli(args, '')))
    for (const result of results) {
      expect(result.code).toBe(2)
      expect(result.stderr).toContain('Usage:')
    }
  })
})
