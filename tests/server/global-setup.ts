import type { TestProject } from 'vitest/node'
import { startPgCluster } from '../../scripts/support/pg-cluster'

// Every server suite runs on SQLite and on PostgreSQL. Unless DATABASE_URL points at a server
// already, this starts a throwaway PostgreSQL cluster for the run and removes it afterwards.
// If PostgreSQL cannot be started the run fails: silently testing one database only would hide
// exactly the bugs this is for.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server on which suites may create their own databases. */
    pgUrl: string
  }
}

export default async function setup(project: TestProject) {
  const existing = process.env.DATABASE_URL?.trim()
  if (existing) {
    project.provide('pgUrl', existing)
    return
  }
  const cluster = await startPgCluster({
    tempPrefix: 'backoffice-pg-',
    settings: ['max_connections=200'],
    // A fresh CI machine may not have PostgreSQL yet.
    installIfMissing: true,
  }).catch((error) => {
    throw new Error(`Could not start a PostgreSQL cluster for the server tests: ${error}`)
  })
  project.provide('pgUrl', cluster.url)
  return cluster.close
}
