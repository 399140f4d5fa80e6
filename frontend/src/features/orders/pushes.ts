/** What the hub's pushes update of the orders area (app/HubEvents.tsx): the user's task counts. */
export { applyTaskCounts } from './tasks/api';
