import { en as messages } from '@shop/shared/messages/en'
import common from './common.json'
import catalogue from './catalogue.json'
import marketing from './marketing.json'
import product from './product.json'
import cart from './cart.json'
import checkout from './checkout.json'
import account from './account.json'
import tracking from './tracking.json'
import pages from './pages.json'
import info from './info.json'

/** Every text of the storefront in English, with the server's messages (errors, validation). */
export default { common, catalogue, marketing, product, cart, checkout, account, tracking, pages, info, ...messages }
