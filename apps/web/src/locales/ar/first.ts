import { ar as messages } from '@shop/shared/messages/ar'
import common from './common.json'
import catalogue from './catalogue.json'
import product from './product.json'
import cart from './cart.json'
import checkout from './checkout.json'
import account from './account.json'
import pages from './pages.json'

/**
 * The Arabic texts in the storefront's first bundle: the frame (header, footer, cart), the catalogue, the
 * product page and the forms, with the server's messages. The home page's (marketing), the tracking pages'
 * (tracking) and the shop's information pages' (info) texts come with those pages' chunks (lib/arabic-texts/).
 */
export default { common, catalogue, product, cart, checkout, account, pages, ...messages }
