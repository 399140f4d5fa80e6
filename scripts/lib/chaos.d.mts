export interface Acknowledged {
  title: string;
  requestId: string | null;
}
export type SeenStatus = number | 'dropped';
export interface WriteLoad {
  acknowledged: Acknowledged[];
  statuses: Map<SeenStatus, number>;
  timeline: { at: number; ok: boolean }[];
  stop(): Promise<void>;
}
export declare function writeLoad(apiBase: string, token: string, options?: { clients?: number; prefix?: string }): WriteLoad;
export declare function outageSeconds(timeline: WriteLoad['timeline'], from: number): number;
export declare function lostRecords(
  databaseUrl: string,
  acknowledged: Acknowledged[],
): Promise<{ rows: number; twice: number; changeLog: number; requestLog: number }>;
