import { elapsedSince } from '@forwarder/domain';
import dayjs from 'dayjs';
import { translate, type Language } from '@/shared/i18n';
import { issueBoardMessages } from './messages';

/** How long ago an instant was, in words: the buckets are the domain's rule (packages/domain, time.ts). */
export function relativeTime(instant: string | Date, language: Language, now: Date = new Date()): string {
  const at = dayjs(instant);
  const elapsed = elapsedSince(at.valueOf(), now.getTime());
  switch (elapsed.kind) {
    case 'justNow':
      return translate(issueBoardMessages, 'justNow', undefined, language);
    case 'minutes':
      return translate(issueBoardMessages, 'minutesAgo', { n: elapsed.n }, language);
    case 'hours':
      return translate(issueBoardMessages, 'hoursAgo', { n: elapsed.n }, language);
    case 'oneDay':
      return translate(issueBoardMessages, 'oneDayAgo', undefined, language);
    case 'date':
      return at.format('YYYY-MM-DD');
  }
}
