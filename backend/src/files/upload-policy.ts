/**
 * What may be uploaded, per use: the one place that lists the types each kind of attachment accepts.
 * The type is always the one read from the content (magic bytes, `file-type`), never the declared MIME
 * type or the extension; content of no listed type (HTML, SVG, XML, scripts, text) is refused.
 */
import { isUtf8 } from 'node:buffer';
import { BIDI_CONTROLS } from '../common/download.js';

const PNG = 'image/png';
const JPEG = 'image/jpeg';
const GIF = 'image/gif';
const WEBP = 'image/webp';
const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLS = 'application/vnd.ms-excel';
const DOC = 'application/msword';

/**
 * Every type any use accepts: the extension stored files of that type get (other names it goes by) and
 * the name users read.
 */
const TYPES: Record<string, { ext: string; aliases?: string[]; label: string }> = {
  [PNG]: { ext: 'png', label: 'PNG' },
  [JPEG]: { ext: 'jpg', aliases: ['jpeg', 'jpe', 'jfif'], label: 'JPEG' },
  [GIF]: { ext: 'gif', label: 'GIF' },
  [WEBP]: { ext: 'webp', label: 'WebP' },
  [PDF]: { ext: 'pdf', label: 'PDF' },
  [XLSX]: { ext: 'xlsx', label: 'XLSX' },
  [DOCX]: { ext: 'docx', label: 'DOCX' },
  [XLS]: { ext: 'xls', label: 'XLS' },
  [DOC]: { ext: 'doc', label: 'DOC' },
};

const IMAGES = [PNG, JPEG, GIF, WEBP];

export const UPLOAD_USES = {
  /** Issue-board and question pictures (shown inline); at most 10 MB each (seed 2 §9). */
  image: { types: IMAGES, maxMb: 10 },
  /** Finance vouchers: scans, PDFs, spreadsheets and documents. */
  document: { types: [...IMAGES, PDF, XLSX, DOCX, XLS, DOC], maxMb: undefined },
} as const satisfies Record<string, { types: readonly string[]; maxMb: number | undefined }>;

export type UploadUse = keyof typeof UPLOAD_USES;

/** An upload that does not say its use is held to the strictest one. */
export const DEFAULT_UPLOAD_USE: UploadUse = 'image';

export function isUploadUse(value: unknown): value is UploadUse {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_USES, value);
}

/**
 * The types `use` accepts under the administrators' `upload.allowedTypes` (which can only narrow it),
 * and its size limit under `upload.maxSizeMb`.
 */
export function uploadLimits(use: UploadUse, allowedTypes: readonly string[], maxSizeMb: number): { types: string[]; maxMb: number } {
  const allowed = new Set(allowedTypes.map((type) => type.toLowerCase()));
  const { types, maxMb } = UPLOAD_USES[use];
  return { types: types.filter((type) => allowed.has(type)), maxMb: maxMb === undefined ? maxSizeMb : Math.min(maxMb, maxSizeMb) };
}

/** The names users read for a list of types: 'PNG, JPEG'. */
export const typeLabels = (types: readonly string[]) => types.map((type) => TYPES[type]?.label ?? type).join(', ');

/** What `file-type` read from the content. */
export interface DetectedType {
  ext: string;
  mime: string;
}

/**
 * The type to store for content `file-type` read as `detected` (undefined: no known signature) and the
 * name the user gave it. Legacy Word and Excel files are OLE containers (`cfb`) that no signature tells
 * apart: the extension names which of the two it is, nothing else. Null when it is none of our types.
 */
export function storedType(detected: DetectedType | undefined, fileName: string): { mime: string; ext: string } | null {
  if (!detected) return null;
  let mime = detected.mime;
  if (detected.ext === 'cfb') {
    const extension = fileName.toLowerCase().match(/\.(\w+)$/)?.[1];
    mime = extension === 'xls' ? XLS : extension === 'doc' ? DOC : '';
  }
  const known = TYPES[mime];
  return known ? { mime, ext: known.ext } : null;
}

/**
 * The name a file of type `mime` is served under: the uploader's, with the type's extension added when
 * theirs names another type (a workbook uploaded as 'x.html' is saved as 'x.html.xlsx', never opened
 * from the disk as a page).
 */
export function nameForType(fileName: string, mime: string): string {
  const type = TYPES[mime];
  const extension = fileName.toLowerCase().match(/\.(\w+)$/)?.[1];
  if (!type || (extension && (extension === type.ext || type.aliases?.includes(extension)))) return fileName;
  return `${fileName}.${type.ext}`;
}

/** Longest file name stored (stored_file.file_name). */
const FILE_NAME_MAX = 255;

/**
 * The uploader's file name as stored: control characters (NUL among them, which PostgreSQL refuses) and
 * bidirectional controls (a right-to-left override disguises an extension) removed, cut to the column's
 * length keeping the extension; 'file' when nothing is left.
 */
export function storedFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what a stored file name drops
  const visible = name.replace(/[\u0000-\u001f\u007f]/g, '');
  const clean = visible.replace(BIDI_CONTROLS, '').trim() || 'file';
  if (clean.length <= FILE_NAME_MAX) return clean;
  const extension = clean.match(/\.\w{1,10}$/)?.[0] ?? '';
  return clean.slice(0, FILE_NAME_MAX - extension.length) + extension;
}

/** Types a browser may show in its window from /files: none of them runs script (under nosniff). */
export const INLINE_TYPES: ReadonlySet<string> = new Set([...IMAGES, PDF]);

/**
 * Markup that makes a file a polyglot (an image or PDF whose bytes also read as an HTML page or script):
 * refused even though its signature is right, in case some viewer ever sniffs it as a page. Only the
 * inline types are scanned; office documents are compressed and always downloaded.
 */
export const POLYGLOT_MARKUP = /<(?:script|html|body|svg|iframe|object|embed)[\s/>]|<!doctype\s{1,8}html|javascript:/i;

/** The longest text POLYGLOT_MARKUP can match, so a scan in chunks overlaps by this much. */
export const POLYGLOT_MARKUP_SPAN = 32;

/**
 * Files the server reads or keeps itself instead of storing them for /files (received in memory): the
 * extension the name must have and what the content must be. Workbooks are XLSX by their bytes. A
 * BarTender label template has a format of its own that no signature names: it must at least be no text
 * and no markup (a page, script, SVG or XML document), and it is only ever served back as a download.
 */
export const RECEIVED_USES = {
  /** The workbooks the imports read: costs, shipping information, price sheets. */
  workbook: { extension: '.xlsx', types: [XLSX] },
  labelTemplate: { extension: '.btw', types: undefined },
} as const satisfies Record<string, { extension: string; types: readonly string[] | undefined }>;

export type ReceivedUse = keyof typeof RECEIVED_USES;

/** Markup at the start (after a byte order mark and blanks): an HTML, SVG or XML document. */
const LEADING_MARKUP = /^(?:\xef\xbb\xbf|\xff\xfe|\xfe\xff)?\s*</;

/**
 * Why content received for `use` is refused (`wrongType`: not what the use takes; `markup`: a page or
 * script), or null when it is taken. `detected` is what `file-type` read from it.
 */
export function receivedContentFault(use: ReceivedUse, content: Buffer, detected: DetectedType | undefined, fileName: string): 'wrongType' | 'markup' | null {
  const types: readonly string[] | undefined = RECEIVED_USES[use].types;
  if (types) {
    const stored = storedType(detected, fileName);
    return stored && types.includes(stored.mime) ? null : 'wrongType';
  }
  // NULs dropped, so markup written in UTF-16 reads as markup too
  const text = content.toString('latin1').replace(/\0/g, '');
  if (LEADING_MARKUP.test(text) || POLYGLOT_MARKUP.test(text)) return 'markup';
  // text without markup (a script, a note) is no binary template either
  return !content.includes(0) && isUtf8(content) ? 'wrongType' : null;
}
