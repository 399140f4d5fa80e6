import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CUSTOMER_LISTS,
  ISSUE_STATUSES,
  LABEL_TEMPLATES,
  MENU_TYPES,
  NOTICE_AUDIENCES,
  NOTICE_STATUSES,
  ORDER_FLOW,
  ORG_TYPES,
  QUESTION_SCOPES,
  RECORD_STATUSES,
  SHIP_TYPES,
  SIDE_STATES,
} from './index.js';

/**
 * The lists live here: no source of the server or the client writes out two or more stage codes, side
 * states, finance or issue statuses, lines or the values of another shared list in one array again (a use
 * of one typed code is fine).
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const FAMILIES: Record<string, readonly string[]> = {
  stages: ORDER_FLOW,
  sideStates: SIDE_STATES,
  recordStatuses: RECORD_STATUSES,
  issueStatuses: ISSUE_STATUSES,
  lines: SHIP_TYPES,
  orgTypes: ORG_TYPES,
  menuTypes: MENU_TYPES,
  noticeAudiences: NOTICE_AUDIENCES,
  noticeStatuses: NOTICE_STATUSES,
  questionScopes: QUESTION_SCOPES,
  labelTemplates: LABEL_TEMPLATES,
  customerLists: CUSTOMER_LISTS,
};
/** Arrays that share a code's spelling but list something else, each with why. */
const ALLOWED: Record<string, string> = {
  // the order actions (hold as abnormal, detain; void), not the side states
  'frontend/src/features/orders/orderViews.ts': 'actions',
  // which lines print a bill of lading rather than an air waybill: a document rule over the lines
  'backend/src/orders/documents/document-kinds.ts': 'document kinds',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it('finds no list of stages, side states, statuses or lines written outside the package', () => {
  const found: string[] = [];
  for (const file of [...sources(join(repo, 'backend/src')), ...sources(join(repo, 'frontend/src'))]) {
    const name = relative(repo, file);
    if (name in ALLOWED) continue;
    // array literals of strings (and spreads): ['warehouse', 'sail'], [...X, 'abnormal', 'detain']
    for (const array of readFileSync(file, 'utf8').match(/\[\s*(?:'[^'\n]*'|\.\.\.[\w.]+)(?:\s*,\s*(?:'[^'\n]*'|\.\.\.[\w.]+))+\s*,?\s*\]/g) ?? []) {
      for (const [family, codes] of Object.entries(FAMILIES)) {
        const listed = codes.filter((code) => array.includes(`'${code}'`));
        if (listed.length >= 2) found.push(`${name}: ${family} ${listed.join(', ')}`);
      }
    }
  }
  expect(found).toEqual([]);
});

/** An area's client messages as [key, Chinese, English] (defineMessages: the Chinese block, then the English). */
function clientMessages(text: string): [string, string, string][] {
  const [zh = '', en = ''] = text.split(/\n {2}\},\n {2}\{\n/);
  const entries = (block: string) => new Map([...block.matchAll(/^\s+(\w+):\s*'((?:[^'\\]|\\.)*)',?$/gm)].map(([, key, value]) => [key, value]));
  const english = entries(en);
  return [...entries(zh)].map(([key, value]) => [key, value, english.get(key) ?? '']);
}

it('finds no message written out on both sides: a text the server and the client both show is in SHARED_MESSAGES', () => {
  const read = (dir: string) => sources(join(repo, dir)).map((file) => [relative(repo, file), readFileSync(file, 'utf8')] as const);
  // the server's catalogue entries: key: ['中文', 'English'] (on one line or, when long, on three)
  const server = new Set(
    read('backend/src').flatMap(([, text]) =>
      [...text.matchAll(/^\s+\w+: \[\s*'((?:[^'\\]|\\.)+)',\s*'((?:[^'\\]|\\.)+)',?\s*\]/gm)].map(([, zh, en]) => `${zh} / ${en}`),
    ),
  );
  const copied = read('frontend/src')
    .filter(([name]) => name.endsWith('messages.ts'))
    .flatMap(([name, text]) => clientMessages(text).map(([key, zh, en]) => [`${name}: ${key}`, `${zh} / ${en}`]))
    .filter(([, texts]) => server.has(texts));
  expect(server.size).toBeGreaterThan(100);
  expect(copied).toEqual([]);
});
