import tracking from '../../locales/ar/tracking.json'
import { addArabicTexts } from '../i18n.ts'

// the tracking and confirmation pages' Arabic texts travel with their chunks (see locales/ar/first.ts)
addArabicTexts('tracking', tracking)
