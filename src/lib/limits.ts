/**
 * Limits shared by the server and the SPA (one place, imported by both; no imports of its own so
 * that the server can load it).
 */

/**
 * At most this many customer tags per business: the server refuses the next one (422
 * `too_many_tags`), and the SPA loads all of them in one page (the list operations' largest page).
 */
export const MAX_CUSTOMER_TAGS = 200;
