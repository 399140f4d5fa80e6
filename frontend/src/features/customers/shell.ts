/** What the shell places of the customers area: the avatar menu's binding-code entries. */
export { useBindCodeMenuItems } from './BindCodeDialog';
