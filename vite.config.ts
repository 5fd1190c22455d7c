/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { buildFingerprintPlugin } from './scripts/build-fingerprint'
import { chunkModulesPlugin } from './scripts/bundle-report'
import { formValidatorsPlugin } from './scripts/form-validators-plugin'
import { precompressPlugin } from './scripts/precompress-plugin'
import { prerenderSignInPlugin } from './scripts/prerender-sign-in'

// Chakra's styling engine, theme and the part anatomies its recipes name (not its components).
const chakraCore = new RegExp(
  [
    /@chakra-ui\/react\/dist\/esm\/(?!components\/)/,
    /@(ark-ui|zag-js)\/.*anatomy[^/]*\.m?js$/,
    /@(emotion|pandacss)\//,
    /(stylis|hoist-non-react-statics)\//,
  ]
    .map((part) => `node_modules/${part.source}`)
    .join('|'),
)

// What every page after /login loads with Chakra's system (src/app/styled-layout.tsx): the
// messages, the spinner and the components nearly every page renders, in one file rather than
// a dozen slivers (decision 034).
const styledFrame = new RegExp(
  [
    /src\/app\/(styled-layout\.tsx|system\.ts)$/,
    /src\/components\/(page-spinner\.tsx|messages\/(index|messages|message-store|message-kinds|notify)\.tsx?)$/,
    /src\/lib\/use-latch\.ts$/,
    /node_modules\/@ark-ui\/react\/dist\/(_virtual|utils\/(compose-refs|create-context|create-split-props|use-safe-layout-effect)|providers\/environment|components\/(factory|field\/|fieldset\/use-fieldset-context|toast\/create-toaster))/,
    /node_modules\/@zag-js\/(toast\/dist\/toast\.store|utils\/dist\/(functions|guard|object|warning)|auto-resize\/|core\/dist\/merge-props|dom-query\/dist\/(shared|computed-style|node))/,
    /node_modules\/@chakra-ui\/react\/dist\/esm\/components\/(absolute-center|alert|box|button|card|center|field|flex|heading|icon|image|input|loader|span|spinner|stack|text|visually-hidden)\/(?!.*(group|v-stack|close-button))/,
    /node_modules\/@chakra-ui\/react\/dist\/esm\/components\/icons\.js$/,
    /node_modules\/lucide-react\/dist\/esm\/(?!icons\/)/,
  ]
    .map((part) => part.source)
    .join('|'),
)

// What the signed-in shell shares with every page below it (src/app/router.tsx).
const signedInFrame = new RegExp(
  [
    /node_modules\/@tanstack\/(?!.*(queriesObserver|useQueries))/,
    /src\/app\/(me-gate|query-layer|require-right|use-media-query)\.tsx?$/,
    /src\/lib\/(me|rights|query-client|live-change-hub|live-change-hooks|live-changes|presence)\.ts$/,
  ]
    .map((part) => part.source)
    .join('|'),
)

export default defineConfig({
  plugins: [
    react(),
    formValidatorsPlugin(),
    chunkModulesPlugin(),
    precompressPlugin(),
    buildFingerprintPlugin(),
    prerenderSignInPlugin(),
  ],
  resolve: {
    // RJSF 6 bundles a markdown parser no form uses; see src/lib/markdown-as-text.tsx.
    alias: [
      {
        find: /^markdown-to-jsx\/react$/,
        replacement: fileURLToPath(new URL('./src/lib/markdown-as-text.tsx', import.meta.url)),
      },
    ],
  },
  optimizeDeps: {
    // What the form validators (scripts/form-validators-plugin.ts) may import. Bundled when
    // `npm run dev` starts, so a schema edit that first needs one (a minLength above 1, a
    // format) does not make Vite bundle it then and reload the open page a second time, seconds
    // later (issue 27).
    include: [
      'ajv/dist/runtime/ucs2length.js',
      'ajv/dist/runtime/equal.js',
      'ajv/dist/runtime/uri.js',
      'ajv-formats/dist/formats.js',
    ],
  },
  server: {
    // `npm run dev` (scripts/dev.ts) serves the app with hot reload and runs the API beside it;
    // API_PROXY_TARGET points /api at another API server.
    proxy: { '/api': process.env.API_PROXY_TARGET ?? 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page loads, read by the bundle budget test.
    manifest: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks cache across releases. The form library is left to the form
        // pages' own chunk: a group of its own split RJSF's internals across chunks and broke
        // their initialisation order. Chakra's group holds its styling engine and theme only:
        // its components (and the Ark/Zag machines behind dialogs, toasts, radios…) follow the
        // pages that use them, so /login does not download every widget of the app.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              name: 'chakra',
              test: chakraCore,
            },
            // What the first page needs besides those, in one file rather than a dozen
            // slivers shared with lazy pages.
            { name: 'initial', tags: ['$initial'] },
            { name: 'styled', test: styledFrame },
            // The signed-in frame loads after sign-in (src/app/router.tsx). The query library
            // and what the shell shares with the pages below it, in one file rather than
            // slivers shared with each page (issue 32).
            { name: 'signed-in', test: signedInFrame },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on CI's two. Two files
    // at once keep both cores busy while the server and browser suites wait on PostgreSQL,
    // Chromium and real servers (the e2e files still run one after another, see below).
    maxWorkers: 2,
    // One command runs every suite; each project picks its own environment.
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // Component tests take 0.5–3 s alone; beside the server and browser suites on two
          // cores they can take several times that.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // Machines and pure functions: plain Node, no DOM and no MSW, so the suite starts at
          // once (`npm run test:machines`).
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
          setupFiles: ['tests/machines/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Build tooling: bundle budgets (read from the build `npm test` makes first), the schema
          // check and the start-up build check.
          name: 'build',
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
