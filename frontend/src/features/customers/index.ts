/** What other features use of the customers area. */
export { useStaffWithRole } from './api';
export { useDictOptions } from './CustomerFormFields';
