/**
 * System parameter values between the server's types and the settings form's inputs. The server checks
 * the same rules (deploy.rules.ts) and has the last word, e.g. on the parameters that must be at least 1.
 */
import type { SettingType } from '@forwarder/domain';
import type { Schema } from '@/shared/api';

/** What `POST /deploy/list` answers for one parameter. */
export type Setting = Schema<'SettingView'>;

/** What an input holds: a number, a switch, a text, or a list as one item per line. */
export type SettingInput = number | boolean | string | null;

export const STRING_MAX = 500;
export const LIST_ITEM_MAX = 200;
export const LIST_MAX_ITEMS = 200;

export function toInput(type: SettingType, value: unknown): SettingInput {
  switch (type) {
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return value === true;
    case 'string':
      return typeof value === 'string' ? value : '';
    case 'stringList':
      return Array.isArray(value) ? value.join('\n') : '';
  }
}

/** The items of a list typed one per line (commas separate too): trimmed, blanks and repeats dropped. */
export function listItems(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

/** The value to send for what the input holds. */
export function fromInput(type: SettingType, input: SettingInput): unknown {
  switch (type) {
    case 'number':
      return input;
    case 'boolean':
      return input === true;
    case 'string':
      return typeof input === 'string' ? input.trim() : '';
    case 'stringList':
      return listItems(typeof input === 'string' ? input : '');
  }
}

export type SettingProblem = 'numberRequired' | 'numberInvalid' | 'stringTooLong' | 'listInvalid' | null;

/** What is wrong with the input before it is sent, or null. */
export function checkInput(type: SettingType, input: SettingInput): SettingProblem {
  switch (type) {
    case 'number':
      if (input === null || input === '') return 'numberRequired';
      return typeof input === 'number' && Number.isFinite(input) && input >= 0 ? null : 'numberInvalid';
    case 'boolean':
      return null;
    case 'string':
      return typeof input === 'string' && input.trim().length > STRING_MAX ? 'stringTooLong' : null;
    case 'stringList': {
      const items = listItems(typeof input === 'string' ? input : '');
      return items.length > LIST_MAX_ITEMS || items.some((item) => item.length > LIST_ITEM_MAX) ? 'listInvalid' : null;
    }
  }
}

/** Whether the input would store something other than the current value. */
export function isChanged(setting: Pick<Setting, 'type' | 'value'>, input: SettingInput): boolean {
  return JSON.stringify(fromInput(setting.type, input)) !== JSON.stringify(fromInput(setting.type, toInput(setting.type, setting.value)));
}
