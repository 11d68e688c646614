import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

const API = 'http://127.0.0.1:3000'

/** The built Readex Pro file of each subset the storefront uses ("arabic", "latin"). */
const FONT_FILE = /(?:^|\/)readex-pro-(arabic|latin)-wght-normal-[\w-]+\.woff2$/

/**
 * Preloads the font files the first paint draws with, so text does not wait for the CSS to be parsed
 * before the fonts start. index.html preloads Arabic and Latin (the default language is Arabic, whose
 * digits and prices are Latin); the build also writes `.vite/fonts.json` (subset -> URL) so the server
 * can preload the Latin file alone on French and English pages (apps/api font-preloads.ts).
 */
function preloadFonts(): Plugin {
  const fontUrls = (bundle: Record<string, unknown> | undefined): Record<string, string> => {
    const urls: Record<string, string> = {}
    for (const name of Object.keys(bundle ?? {}).sort()) {
      const subset = FONT_FILE.exec(name)?.[1]
      if (subset) urls[subset] = `/${name}`
    }
    return urls
  }
  return {
    name: 'khatwa:preload-fonts',
    apply: 'build',
    // the browser bundle only: a server-rendering build emits no fonts and no index.html
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.values(fontUrls(ctx.bundle)).map((href) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href, crossorigin: '' },
          injectTo: 'head' as const,
        }))
      },
    },
    generateBundle(_options, bundle) {
      const urls = fontUrls(bundle)
      if (!urls.arabic || !urls.latin) this.error(`the storefront's Arabic and Latin font files are missing from the build (found: ${Object.keys(urls).join(', ') || 'none'})`)
      this.emitFile({ type: 'asset', fileName: '.vite/fonts.json', source: `${JSON.stringify(urls, null, 2)}\n` })
    },
  }
}

/**
 * The storefront runs on Preact's React-compatible layer (preact/compat, about 10 KB gzipped against React DOM's
 * 60 KB): the JavaScript a phone fetches before the page answers to taps has a 100 KB budget. The code is
 * written against React's API and types; the build (browser and server rendering) swaps the packages.
 */
const preactForReact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-i18next's shim for React 17: preact/compat has useSyncExternalStore itself
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
]

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), preloadFonts()],
  resolve: { alias: preactForReact },
  // The server renderer (dist-server/entry-server.js) carries its own copy of React and the libraries, built for
  // production: the API process runs it whatever its NODE_ENV (React's development build renders ~3x slower).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    proxy: {
      '/api': API,
      '/media': API,
    },
  },
  preview: {
    proxy: {
      '/api': API,
      '/media': API,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // dist/.vite/manifest.json: the server reads which files each page's chunk needs, to preload them
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // React Router reads React's useOptimistic where it exists and does without it otherwise (preact/compat has none)
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return
        handler(level, log)
      },
      treeshake: {
        // @shop/shared is plain source without a "sideEffects" flag: without this, the zod schemas it
        // builds at module level (phone.ts) would ship to shoppers even though the storefront never uses them.
        moduleSideEffects: (id: string) => !id.includes('/packages/shared/'),
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // the components are tested on Preact as they ship: Testing Library's Preact flavour (src/test/testing-library.ts)
    // stands in for its React one,
    // and the libraries that import React go through the same aliases as the build (Node would load React for them)
    alias: [
      { find: /^@testing-library\/react$/, replacement: fileURLToPath(new URL('./src/test/testing-library.ts', import.meta.url)) },
      // Node's condition would load React Router's CommonJS build, whose require('react') no alias reaches
      { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace(/index\.js$/, 'index.mjs')) },
    ],
    server: { deps: { inline: ['@testing-library/preact', 'react-router', '@tanstack/react-query', 'react-i18next'] } },
    restoreMocks: true,
    unstubGlobals: true,
    // above the 5 s some tests give waitFor for a lazy page chunk: vitest's own 5 s default cut them first under a loaded run
    testTimeout: 15_000,
  },
}))
