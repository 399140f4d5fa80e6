import { defineMessages } from '@/shared/i18n';

export type Greeting = 'earlyMorning' | 'morning' | 'noon' | 'afternoon' | 'evening';

/** The greeting for an hour of the day (0–23): before 8, 8–11, 12–13, 14–17, from 18. */
export function greetingFor(hour: number): Greeting {
  if (hour < 8) return 'earlyMorning';
  if (hour < 12) return 'morning';
  if (hour < 14) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

export const greetingMessages = defineMessages<Record<Greeting, string>>(
  { earlyMorning: '早上好', morning: '上午好', noon: '中午好', afternoon: '下午好', evening: '晚上好' },
  { earlyMorning: 'Good early morning', morning: 'Good morning', noon: 'Good noon', afternoon: 'Good afternoon', evening: 'Good evening' },
);
