// The repository's lint rules: the boundaries between the parts of each app, the hook rules (apps and client kit) and the query-key rule.
// The root eslint.config.js uses this package; it lives in a workspace package because typescript-eslint needs
// TypeScript 6's compiler API (the root's native TypeScript 7 has none), see README "Dependencies".
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const FRONT_ENDS = ['apps/web', 'apps/admin']

// eslint-plugin-import parses the imported files itself (no-cycle follows them): it needs the TypeScript parser by
// absolute path, since that parser is installed under this package, out of reach of the hoisted plugin.
const requireHere = createRequire(import.meta.url)
const TS_PARSER = createRequire(requireHere.resolve('typescript-eslint')).resolve('@typescript-eslint/parser')

function subfolders(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
  } catch {
    return []
  }
}

/**
 * import/no-restricted-paths zones for one React app (paths relative to the repository root):
 * a feature (src/features/<x>/) imports no other feature, and src/components/ imports no feature.
 * The features are read from the folder, so a new feature is covered without editing this file.
 */
function frontEndZones(root, app) {
  const featuresDir = `${app}/src/features`
  const features = subfolders(path.join(root, featuresDir))
  const zones = features.map((feature) => ({
    target: `./${featuresDir}/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `./${featuresDir}/${other}`),
    message: 'A feature does not import another feature: move what both need to src/lib, src/components or a shared package, or compose them in src/app.',
  }))
  zones.push({
    target: `./${app}/src/components`,
    from: `./${featuresDir}`,
    message: 'src/components is below the features: pass the feature part in as a prop or children from src/app.',
  })
  return zones.filter((zone) => zone.from.length > 0)
}

/** Literal query keys bypass the key factories, so an invalidation can silently miss the cache entry it means. */
const LITERAL_QUERY_KEY = {
  selector: "Property[key.name='queryKey'] > ArrayExpression",
  message: "Build the query key with the feature's key factory (e.g. cartKeys.all), not a literal array.",
}

/** @param {string} root the repository root (the folder of eslint.config.js) */
export function khatwaConfig(root) {
  return tseslint.config(
    {
      ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '**/.pgdata/**', '**/coverage/**', '**/test-results/**', 'apps/api/src/db/migrations/**'],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      languageOptions: {
        ecmaVersion: 2023,
        sourceType: 'module',
        globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly' },
      },
      plugins: { import: importPlugin },
      settings: {
        'import/parsers': { [TS_PARSER]: ['.ts', '.tsx'] },
        'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
        'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        // one lint run parses each module once for the cycle check (the default cache forgets after 30 s)
        'import/cache': { lifetime: Infinity },
        // never parse installed packages: a cycle runs through our own files only
        'import/ignore': ['node_modules'],
      },
      rules: {
        // unused locals and parameters: tsconfig.base.json's noUnusedLocals / noUnusedParameters, checked once by `npm run typecheck`
        '@typescript-eslint/no-unused-vars': 'off',
        // no import cycles anywhere (apps, packages, bench, e2e)
        'import/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      // Tests, their fixtures and the reliability harness read reply bodies as `any` and assert their shape; production code may not.
      files: ['**/*.test.{ts,tsx}', '**/*.suite.ts', '**/*.e2e.ts', 'apps/api/src/test/**', 'apps/api/src/reliability/**', 'e2e/**'],
      rules: { '@typescript-eslint/no-explicit-any': 'off' },
    },
    ...FRONT_ENDS.map((app) => ({
      files: [`${app}/src/**/*.{ts,tsx}`],
      plugins: { 'react-hooks': reactHooks },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'error',
        'no-restricted-syntax': ['error', LITERAL_QUERY_KEY],
        'import/no-restricted-paths': ['error', { basePath: root, zones: frontEndZones(root, app) }],
      },
    })),
    {
      // The client kit's components and hooks follow the apps' hook rules; the kit serves both apps and imports neither.
      files: ['packages/client-kit/src/**/*.{ts,tsx}'],
      plugins: { 'react-hooks': reactHooks },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'error',
        'import/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [{ target: './packages/client-kit', from: './apps', message: 'The client kit serves both apps: pass what differs in as a parameter instead of importing an app.' }],
          },
        ],
      },
    },
    {
      // Screens (src/app) and shared components reach the API through a feature's hook, never api() itself.
      files: FRONT_ENDS.flatMap((app) => [`${app}/src/app/**/*.{ts,tsx}`, `${app}/src/components/**/*.{ts,tsx}`]),
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['**/lib/api.ts'],
                importNames: ['api'],
                message: 'Call the API through a feature hook (src/features/<x>/api), not api() directly.',
              },
            ],
          },
        ],
      },
    },
    {
      // Route files do not import the database schema: SQL belongs in the domain repos, handlers call services.
      files: ['apps/api/src/**/*.routes.ts', 'apps/api/src/**/*-routes.ts'],
      rules: {
        'import/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [{ target: './apps/api/src', from: './apps/api/src/db/schema.ts', message: 'A route file does not import db/schema: put the query in the domain repo and call it through the service.' }],
          },
        ],
      },
    },
  )
}
