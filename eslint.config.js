// ESLint 9 flat config; the rules and why are in packages/eslint-config/index.js
import { fileURLToPath } from 'node:url'
import { khatwaConfig } from '@shop/eslint-config'

export default khatwaConfig(fileURLToPath(new URL('.', import.meta.url)))
