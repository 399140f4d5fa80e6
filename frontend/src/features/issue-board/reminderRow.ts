/**
 * A message template split around one placeholder, so the placeholder can be rendered as an element
 * (the order number link of '{orderNo} 当前存在 …').
 */
export function splitAround(template: string, placeholder: string): [string, string] {
  const marker = `{${placeholder}}`;
  const at = template.indexOf(marker);
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + marker.length)];
}
