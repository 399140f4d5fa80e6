import { registerLogScopes, writtenBy } from '../admin/log/log-scope.js';

/** The questions' rows of the operation log a non-administrator sees, what they wrote (admin/log/log-scope.ts); registered when the questions' module loads. */
registerLogScopes({
  Question: writtenBy('authorId'),
  QuestionAnswer: writtenBy('authorId'),
});
