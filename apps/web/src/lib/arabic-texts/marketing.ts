import marketing from '../../locales/ar/marketing.json'
import { addArabicTexts } from '../i18n.ts'

// the home page's Arabic texts travel with its chunk (see locales/ar/first.ts)
addArabicTexts('marketing', marketing)
