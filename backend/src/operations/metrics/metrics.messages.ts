import { defineMessages } from '../../common/messages.js';

/** Messages of the metrics endpoint (Chinese, English); registered in the catalogue of common/messages.ts when this file loads; area-messages.ts names its keys to the compiler. */
export const metricsMessages = defineMessages({
  metricsTokenInvalid: ['需要有效的监控令牌（METRICS_TOKEN）', 'A valid metrics token (METRICS_TOKEN) is required'],
});
