import first from './first.ts'
import marketing from './marketing.json'
import tracking from './tracking.json'
import info from './info.json'

/** Every text of the storefront in Arabic, with the server's messages (errors, validation): the keys' types. */
export default { ...first, marketing, tracking, info }
