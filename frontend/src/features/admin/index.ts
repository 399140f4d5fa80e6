/** What other features use of the administration area. */
export { useDictOptions } from './common/dictItems';
export { useUnreadNoticeCount } from './notice/api';
export { RoleTags } from './role/RoleTags';
