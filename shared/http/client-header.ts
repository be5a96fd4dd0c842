/**
 * The header every state-changing request from our pages carries. A cross-site page cannot send
 * it without a CORS preflight, which the BFF never grants, so the BFF refuses a non-GET request
 * without it.
 */
export const CLIENT_HEADER = 'x-viziona-client';
export const CLIENT_HEADER_VALUE = 'web';
