import { App } from 'antd';
import { useEffect } from 'react';

type Feedback = ReturnType<typeof App.useApp>;

let feedback: Feedback | null = null;
const pending: Array<(api: Feedback) => void> = [];

/**
 * Gives code outside components (request client, hub events) the context-aware message, notification
 * and modal of antd's `App`, so they follow the theme and locale like `App.useApp()` in components.
 * Calls made before the bridge mounts (the first route guard runs as the router is created) wait for it.
 */
export function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    feedback = api;
    pending.splice(0).forEach((call) => call(api));
    return () => {
      feedback = null;
    };
  }, [api]);
  return null;
}

export function withFeedback(call: (api: Feedback) => void): void {
  if (feedback) call(feedback);
  else pending.push(call);
}

/** Shows a loading message until the returned function is called. */
export function showLoading(content: string): () => void {
  return feedback ? feedback.message.loading(content, 0) : () => undefined;
}
