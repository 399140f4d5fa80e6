/**
 * The business keeps Shanghai time (UTC+8 all year: no daylight saving since 1991, so a fixed offset is
 * exact): "today" for a report, a charge or an import is the day in Shanghai, wherever the server or the
 * browser runs. Pure, so the web client imports it too (`@server/common/business-day`).
 */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** Today in Shanghai, `YYYY-MM-DD`. */
export const todayShanghai = (now = new Date()) => new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
