import { registerMessages } from '../../common/messages.js';

/** Messages of this area (Chinese, English); registered in the catalogue of common/messages.ts when this file loads. */
export const cargoMessages = {
  // cargo operations (orders/cargo)
  cargoVolumeInvalid: ['须为大于 0 的数，最多 4 位小数', 'Must be a number above 0 with at most 4 decimals'],
  cargoLocationInvalid: ['库位不能超过 100 个字符', 'The warehouse location must not exceed 100 characters'],
  cargoRemarkInvalid: ['备注不能超过 500 个字符', 'The remark must not exceed 500 characters'],
  cargoReceiptNoInvalid: ['入仓单号不能超过 40 个字符', 'The receipt number must not exceed 40 characters'],
  cargoReceiptNoTaken: ['入仓单号 {no} 已被使用', 'Receipt number {no} is already used'],
  cargoCompleteInvalid: ['货物齐全须为 true 或 false', 'complete must be true or false'],
  cargoCompleteForbidden: ['没有“货物齐全”权限，不能标记货物齐全', 'You may not mark cargo complete (order:cargoComplete)'],
  cargoOrderVoided: ['订单 {no} 已作废，不能修改', 'Order {no} is voided and cannot be changed'],
  cargoStageWrong: ['订单 {no} 当前为“{stage}”，{action}只能在“{stages}”阶段进行', 'Order {no} is at "{stage}"; {action} is only possible at "{stages}"'],
  cargoActionRegister: ['货物登记', 'cargo registration'],
  cargoActionPackage: ['装箱单', 'the packing list'],
  cargoActionWarehouse: ['修改入仓数据', 'correcting the warehouse data'],
  cargoActionSeal: ['登记柜号封条', 'recording container and seal'],
  cargoActionSail: ['修改开船信息', 'changing the sailing data'],
  cargoLineMismatch: ['订单 {no} 是“{line}”订单，请在该线路的装箱单中操作', 'Order {no} is a "{line}" order; use that line’s packing list'],
  cargoBoxesInvalid: ['装箱单须有 1 到 {max} 行', 'A packing list has 1 to {max} rows'],
  cargoBoxNoInvalid: ['箱号不能超过 50 个字符', 'The box number must not exceed 50 characters'],
  cargoDimensionInvalid: ['长宽高须为大于 0 的厘米数，最多 1 位小数', 'Length, width and height must be centimetres above 0 with at most 1 decimal'],
  cargoBoxQuantityInvalid: ['箱数须为 1 到 99999 的整数', 'The quantity must be a whole number from 1 to 99999'],
  cargoGoodsNameInvalid: ['品名不能超过 200 个字符', 'The goods name must not exceed 200 characters'],
  cargoTrackingNoInvalid: ['尾程单号不能超过 50 个字符', 'The tracking number must not exceed 50 characters'],
  cargoTrackingNotSmallbag: ['只有小包专线的包裹有尾程单号', 'Only small-parcel boxes carry a last-mile tracking number'],
  cargoTrackingQuantity: ['有尾程单号的行只能是 1 个包裹', 'A row with a tracking number is one parcel (quantity 1)'],
  cargoTrackingDuplicate: ['尾程单号 {no} 重复', 'Tracking number {no} appears more than once'],
  cargoSealNoRequired: ['请输入封条号（最多 30 个字符）', 'Enter the seal number (at most 30 characters)'],
  cargoSealAir: ['订单 {no} 是空运订单，不装柜', 'Order {no} is an air order and is not loaded into a container'],
  cargoAgentNameRequired: ['请输入代理名称（最多 200 个字符）', 'Enter the agent’s name (at most 200 characters)'],
  cargoAgentContactInvalid: ['联系人不能超过 100 个字符', 'The contact must not exceed 100 characters'],
  cargoAgentAddressInvalid: ['地址不能超过 500 个字符', 'The address must not exceed 500 characters'],
  cargoVesselOnlySea: ['空运订单填写航班号，不填船名航次', 'Air orders take a flight number, not a vessel'],
  cargoFlightOnlyAir: ['只有空运订单填写航班号', 'Only air orders take a flight number'],
  cargoEtdAfterEta: ['预计到达时间不能早于预计开船/起飞时间', 'The ETA cannot be before the ETD'],
  cargoSerialUnknown: ['没有编号规则“{x}”', 'No number sequence "{x}"'],
  // tasks on orders and the work log (orders/work)
  orderTaskContentRequired: ['请输入工作内容（最多 500 个字符）', 'Enter the task (at most 500 characters)'],
  orderTaskAssigneeRequired: ['请选择负责人', 'Choose who does it'],
  orderTaskAssigneeInvalid: ['负责人不存在或已停用', 'The assignee does not exist or is disabled'],
  orderTaskAssigneeCannotSee: ['{name} 看不到该订单或没有工作记录权限', '{name} cannot see this order or has no access to work records'],
  orderTaskCreatorOnly: ['只有创建人可以修改或删除该工作记录', 'Only its creator can change or delete this task'],
  orderTaskNotYours: ['只有负责人或创建人可以更改该工作记录的状态', 'Only the assignee or the creator can change the status of this task'],
  orderTaskNotYoursId: ['工作记录 {id} 不是您负责或创建的', 'Task {id} is neither assigned to you nor created by you'],
  orderTaskFinished: ['工作记录已完成，不能修改或删除', 'The task is finished and cannot be changed or deleted'],
  orderTaskAlreadyFinished: ['工作记录已完成', 'The task is already finished'],
  orderTaskStatusInvalid: ['状态须为 open 或 finished', 'The status must be open or finished'],
  orderTaskIdsInvalid: ['请选择 1 到 {max} 条工作记录', 'Choose 1 to {max} tasks'],
  orderTaskNotFoundIds: ['工作记录不存在：{ids}', 'No such tasks: {ids}'],
  orderTaskStatusSet: ['已将 {count} 条工作记录设为“{status}”', 'Set {count} tasks to "{status}"'],
  orderTaskStatusOpen: ['进行中', 'open'],
  orderTaskStatusFinished: ['已完成', 'finished'],
  workRemarkRequired: ['请输入备注（最多 500 个字符）', 'Enter the note (at most 500 characters)'],
  workRangeInvalid: ['开始时间不能晚于结束时间', 'The start cannot be after the end'],
} as const satisfies Record<string, readonly [string, string]>;

registerMessages(cargoMessages);

type CargoMessages = typeof cargoMessages;
declare module '../../common/messages.js' {
  interface MessageCatalogue extends CargoMessages {}
}
