/** Password length bounds, the same on the server (docs/api.md: 6–20 characters). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
