/** What other features use of the dictionaries area. */
export { BatchDictDialog } from './BatchDictDialog';
export { useDictOptions } from './dictItems';
