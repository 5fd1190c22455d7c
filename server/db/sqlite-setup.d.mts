import type { Database, Statement } from 'better-sqlite3'

export declare const BUSY_TIMEOUT_MS: number
export declare function addUnicodeLower(file: Database): void
export declare function reusingStatements(file: Database): (sqlText: string) => Statement
