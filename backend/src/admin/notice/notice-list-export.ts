import { NOTICE_AUDIENCE_WORDS, NOTICE_STATUS_WORDS } from '@forwarder/domain';
import { inLang, wordOf, type ExportColumns } from '../../common/list-export.js';
import type { NoticeSummary } from './notice.dto.js';

/**
 * The notice list's columns an export may take (the keys of the web client's notice list columns): the
 * audience as the screen words it, the roles by name (`roleNames`: id → [name, English name]).
 */
export function noticeExportColumns(roleNames: ReadonlyMap<number, readonly [string, string]>): ExportColumns<NoticeSummary> {
  return {
    title: (r) => r.title,
    status: (r) => wordOf(NOTICE_STATUS_WORDS, r.status),
    audience: (r) =>
      r.audience === 'roles'
        ? r.roleIds.map((id) => (roleNames.has(id) ? inLang(roleNames.get(id)!) : `#${id}`)).join('、')
        : r.audience === 'users'
          ? `${inLang(NOTICE_AUDIENCE_WORDS.users)} (${r.userIds.length})`
          : inLang(NOTICE_AUDIENCE_WORDS.all),
    publishedAt: (r) => r.publishedAt,
    createdByName: (r) => r.createdByName,
    readCount: (r) => r.readCount,
  };
}
