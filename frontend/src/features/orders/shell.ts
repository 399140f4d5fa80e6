/** What the shell places of the orders area: the top bar's task bell and label button. */
export { TaskBell } from './tasks/TaskBell';
export { LabelPrintButton } from './labels/LabelPrintButton';
