/** What the shell places of the order issues area: the top bar's bell. */
export { IssueReminderBell } from './IssueReminderBell';
