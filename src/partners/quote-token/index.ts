/** The quote token: HMAC-signed, bound to visitor and ip, renewed by the page's 4 s poll. */
export * from './renewal';
export * from './token';
