/** What the hub's pushes update of the order issues area (app/HubEvents.tsx): the counts of the issues waiting for the user. */
export { applyPushedCount } from './api';
