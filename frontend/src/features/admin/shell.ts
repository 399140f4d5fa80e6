/** What the shell places of the administration area: the top bar's announcements bell. */
export { NoticeBell } from './notice/NoticeBell';
