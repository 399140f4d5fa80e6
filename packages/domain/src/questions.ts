/** The forum's lists: not answered yet (/question/notreply), answered (/question/reply), all. */
export const QUESTION_SCOPES = ['notreply', 'reply', 'all'] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];
