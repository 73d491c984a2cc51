/**
 * Limits shared by the server and the SPA (one place, imported by both; common/ imports nothing
 * outside common/, see eslint.config.js).
 */

/**
 * At most this many customer tags per business: the server refuses the next one (422
 * `too_many_tags`), and the SPA loads all of them in one page (the list operations' largest page).
 */
export const MAX_CUSTOMER_TAGS = 200;
