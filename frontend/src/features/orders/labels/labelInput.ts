import { type LabelTemplate } from '@forwarder/domain';

/** The order numbers typed into the label dialog: one per line, each trimmed, blank lines dropped. */
export function parseOrderNumbers(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** The names the seed gives the downloads when the server names none: '{date} {template}.btw', '{date} 标签导出.txt'. */
export function labelFileNames(date: string, template: LabelTemplate) {
  return { template: `${date} ${template}.btw`, export: `${date} 标签导出.txt`, pdf: `${date} ${template}.pdf` };
}
