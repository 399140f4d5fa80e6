/** What other features use of the logs area (and nothing else: its insides may move freely). */
export { formatBytes, formatTime } from './format';
export { dayRange, type DayRange } from './logQuery';
export { StaffSelect } from './StaffSelect';
