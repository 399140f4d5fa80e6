import type { Greeting } from '@forwarder/domain';
import { defineMessages } from '@/shared/i18n';

/** The words of the hour's greeting (the rule choosing it is the domain's greetingFor, time.ts). */
export const greetingMessages = defineMessages<Record<Greeting, string>>(
  { earlyMorning: '早上好', morning: '上午好', noon: '中午好', afternoon: '下午好', evening: '晚上好' },
  // English says morning, afternoon and evening only: 'Good early morning' and 'Good noon' are not said
  { earlyMorning: 'Good morning', morning: 'Good morning', noon: 'Good afternoon', afternoon: 'Good afternoon', evening: 'Good evening' },
);
