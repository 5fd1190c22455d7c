// Vite plugin: writes `.br` and `.gz` copies of the built JavaScript and CSS next to them, which
// the server sends to browsers that accept them (@fastify/static `preCompressed`). Compressing
// once at build time costs no CPU per request and allows the strongest settings.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

export function precompressPlugin(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    writeBundle() {
      const assets = join(outDir, 'assets')
      for (const name of readdirSync(assets).filter((file) => /\.(js|css)$/.test(file))) {
        const source = readFileSync(join(assets, name))
        writeFileSync(
          join(assets, `${name}.br`),
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        )
        writeFileSync(join(assets, `${name}.gz`), gzipSync(source, { level: 9 }))
      }
    },
  }
}
