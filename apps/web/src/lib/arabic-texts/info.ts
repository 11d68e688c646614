import info from '../../locales/ar/info.json'
import { addArabicTexts } from '../i18n.ts'

// the shop's information pages' Arabic texts (about, contact, terms, the payment result) travel with their chunks
addArabicTexts('info', info)
