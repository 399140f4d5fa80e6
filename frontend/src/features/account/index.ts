/** What other features use of the account area. */
export { useUserDetail, type UserDetail } from './api';
export { confirmsNewPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwordPolicy';
