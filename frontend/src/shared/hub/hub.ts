import { appMessages } from '@/app/messages';
import { withFeedback } from '@/shared/feedback';
import { createHubClient } from '@/shared/hub/hubClient';
import { translate } from '@/shared/i18n';
import { getToken } from '@/shared/request';

/** The app's one real-time connection (`/chathub`), authenticated with the stored access token. */
export const hub = createHubClient({
  url: '/chathub',
  getToken,
  onGiveUp(retry) {
    withFeedback(({ modal }) =>
      modal.error({
        title: translate(appMessages, 'hubErrorTitle'),
        content: translate(appMessages, 'hubError'),
        okText: translate(appMessages, 'hubReconnect'),
        keyboard: false,
        onOk: retry,
      }),
    );
  },
});
