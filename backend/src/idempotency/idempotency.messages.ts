import { defineMessages } from '../common/messages.js';

/** Messages of idempotent creates (Chinese, English); registered in the catalogue of common/messages.ts when this file loads; area-messages.ts names its keys to the compiler. */
export const idempotencyMessages = defineMessages({
  idempotencyKeyInvalid: ['Idempotency-Key 须为 1–{max} 个可见 ASCII 字符', 'The Idempotency-Key must be 1–{max} visible ASCII characters'],
  idempotencyKeyReused: [
    '该 Idempotency-Key 已用于另一份内容不同的请求，请为新的提交使用新的键',
    'This Idempotency-Key was used for a different request; use a new key for a new submission',
  ],
  idempotencyKeyInProgress: [
    '使用该 Idempotency-Key 的首次请求仍在处理中，请稍后重试',
    'The first request with this Idempotency-Key is still being processed; retry in a moment',
  ],
  idempotencyKeyOutcomeUnknown: [
    '使用该 Idempotency-Key 的首次请求已保存，但其结果未能返回；请先查看记录是否已存在，再决定是否重新创建',
    'The first request with this Idempotency-Key was saved but its answer was lost; check whether the record exists before creating it again',
  ],
  idempotencyKeyTaken: [
    '该请求已被使用同一 Idempotency-Key 的重试取代，未保存',
    'A retry with the same Idempotency-Key took this request over; it was not saved',
  ],
});
