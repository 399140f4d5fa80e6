/** What the shell places of the order issues area: the top bar's bell. */
export { BbsBell } from './BbsBell';
