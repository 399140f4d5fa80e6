/** What other features use of the administration area. */
export { useUnreadNoticeCount } from './notice/api';
export { RoleTags } from './role/RoleTags';
