import { withFeedback } from '@/shared/feedback';
import { createHubClient } from '@/shared/hub/hubClient';
import { hubMessages } from '@/shared/hub/messages';
import { translate } from '@/shared/i18n';
import { getToken } from '@/shared/request';

/** The app's one real-time connection (`/chathub`), authenticated with the stored access token. */
export const hub = createHubClient({
  url: '/chathub',
  getToken,
  onGiveUp(retry) {
    withFeedback(({ modal }) =>
      modal.error({
        title: translate(hubMessages, 'hubErrorTitle'),
        content: translate(hubMessages, 'hubError'),
        okText: translate(hubMessages, 'hubReconnect'),
        keyboard: false,
        onOk: retry,
      }),
    );
  },
});
