import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSyncExternalStore } from 'react';
import { appMessages } from '@/app/messages';
import { useFeedback } from '@/shared/feedback';
import { useMessages } from '@/shared/i18n';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

export function FullScreenButton() {
  const t = useMessages(appMessages);
  const { message } = useFeedback();
  // Follows the browser, so leaving full screen with Esc updates the icon too.
  const fullScreen = useSyncExternalStore(subscribe, () => document.fullscreenElement !== null);

  async function toggle() {
    if (fullScreen) {
      await document.exitFullscreen();
      return;
    }
    try {
      await document.documentElement.requestFullscreen();
    } catch {
      message.error(t('fullScreenFailed'));
    }
  }

  const label = fullScreen ? t('exitFullScreen') : t('fullScreen');
  return (
    <Button
      type="text"
      icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={label}
      title={label}
      onClick={() => void toggle()}
      data-testid="fullscreen-button"
    />
  );
}
