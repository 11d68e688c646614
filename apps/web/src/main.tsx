import './fonts.css'
import './index.css'
import { afterMainPhoto, preloadPageModules } from './lib/after-main-photo.ts'

// The storefront's entry is kept small: the page the server rendered is already on screen, and the app that
// makes it answer to taps (app/start.tsx: React, the router, the translations) is fetched once its main photo
// is painted.
await afterMainPhoto(document)
preloadPageModules(document)
await import('./app/start.tsx')
