import { ORDER_FLOW, SIDE_STATES } from '@forwarder/domain';
import { t, type MessageKey } from '../../common/messages.js';
import type { Lang } from '../../common/request-context.js';
import { sideName, type StageWording } from '../order/stage-names.js';

/** The message each kind of system event was written with (orders.service.ts, always in Chinese). */
const SYSTEM_TEXTS: Record<string, MessageKey> = {
  created: 'orderTrackCreated',
  upgrade: 'orderTrackUpgrade',
  demotion: 'orderTrackDemotion',
  revoke: 'orderTrackRevoke',
  ...Object.fromEntries(SIDE_STATES.map((state) => [state, 'orderTrackSide'])),
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = new Map<MessageKey, RegExp>();
/** The Chinese template as a pattern catching its parameters by name. */
function patternOf(key: MessageKey): RegExp {
  let pattern = patterns.get(key);
  if (!pattern) {
    const template = t(key, {}, 'zh');
    pattern = new RegExp(`^${escapeRegExp(template).replace(/\\\{(\w+)\\\}/g, (_, name: string) => `(?<${name}>[\\s\\S]*?)`)}$`);
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * A system event of the timeline in `lang`: the Chinese text stored when it happened is read back with
 * its template (the stage and state words found among the line's, the reason staff typed kept as typed)
 * and written again in `lang`. A manual event, or a text no template matches, is shown as stored.
 */
export function timelineText(event: { kind: string; content: string }, line: string, words: StageWording, lang: Lang): string {
  const key = SYSTEM_TEXTS[event.kind];
  if (!key || lang === 'zh') return event.content;
  const groups = patternOf(key).exec(event.content)?.groups;
  if (!groups && event.content !== t(key, {}, 'zh')) return event.content;
  const params: Record<string, string> = { ...groups };
  if (params.stage !== undefined) {
    const stage = ORDER_FLOW.find((s) => words.stage(line, s, 'zh') === params.stage);
    if (!stage) return event.content;
    params.stage = words.stage(line, stage, lang);
  }
  if (params.state !== undefined) {
    const state = SIDE_STATES.find((s) => sideName(s, 'zh') === params.state);
    if (!state) return event.content;
    params.state = sideName(state, lang);
  }
  return t(key, params, lang);
}
