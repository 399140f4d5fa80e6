import AppContext, { type useAppProps } from 'antd/es/app/context';
import { useContext, useEffect } from 'react';

type Feedback = useAppProps;

/**
 * What `App.useApp()` gives, read without importing antd's `App` (whose module brings Modal): for the
 * screens that must stay light (the sign-in page, e2e/bundle-budget.e2e.ts).
 */
export function useFeedback(): Feedback {
  return useContext(AppContext);
}

let feedback: Feedback | null = null;
/** A call's result (a toast's close handle, a modal's instance) is not used: the call shows and is done. */
type FeedbackCall = (api: Feedback) => unknown;
const pending: FeedbackCall[] = [];

/**
 * Gives code outside components (request client, hub events) the context-aware message, notification
 * and modal of antd's `App`, so they follow the theme and locale like `App.useApp()` in components.
 * Calls made before the bridge mounts (the first route guard runs as the router is created) wait for it.
 */
export function FeedbackBridge() {
  const api = useFeedback();
  useEffect(() => {
    feedback = api;
    pending.splice(0).forEach((call) => call(api));
    return () => {
      feedback = null;
    };
  }, [api]);
  return null;
}

export function withFeedback(call: FeedbackCall): void {
  if (feedback) call(feedback);
  else pending.push(call);
}

/** Shows a loading message until the returned function is called. */
export function showLoading(content: string): () => void {
  return feedback ? feedback.message.loading(content, 0) : () => undefined;
}
