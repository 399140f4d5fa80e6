export const BADGE_OVERFLOW = 99;

/** The bell's badge: nothing at 0, the count up to 99, then 99+. */
export function badgeText(count: number | null | undefined): string {
  if (!count || count <= 0) return '';
  return count > BADGE_OVERFLOW ? `${BADGE_OVERFLOW}+` : String(count);
}
