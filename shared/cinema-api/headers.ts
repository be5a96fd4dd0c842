// Request headers the cinema API demands. Values are secrets held by the BFF's
// configuration (and the sandbox's); only the names live here.

export const API_KEY_HEADER = 'X-Api-Key';
export const CUSTOM_ACTION_HEADER = 'X-Custom-Action';
/** POST code only; the value is base64 text. */
export const REGISTER_CODE_HEADER = 'X-Register-Code';
/** POST pay-token only. */
export const REGISTRATION_KEY_HEADER = 'X-Registration-Key';

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const FORBIDDEN_MESSAGE = 'Forbidden.';
