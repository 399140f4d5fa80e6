/** What other features use of the questions area. */
export { imageIdsOf, type UploadAnswer } from './questionRules';
