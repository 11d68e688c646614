import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

const API = 'http://127.0.0.1:3000'

/**
 * Preloads the two variable font files every page draws with (Arabic and Latin: digits and prices are
 * Latin even on Arabic pages), so text does not wait for the CSS to be parsed before the fonts start.
 */
function preloadFonts(): Plugin {
  return {
    name: 'khatwa:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((name) =>
          /readex-pro-(arabic|latin)-wght-normal-.*\.woff2$/.test(name),
        )
        return files.map((name) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${name}`, crossorigin: '' },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadFonts()],
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
    restoreMocks: true,
    unstubGlobals: true,
  },
})
