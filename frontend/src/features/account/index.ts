/** What other features use of the account area. */
export { useUserDetail, type UserDetail } from './api';
export { confirmsNewPassword } from './passwordPolicy';
