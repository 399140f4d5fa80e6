import { PERMISSIONS, MENU_TYPES, MENU_TARGETS, type MenuType, type MenuTarget } from '@forwarder/domain';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Length, Matches, MaxLength, ValidateIf, type ValidationArguments } from 'class-validator';
import { IsId, IsVer, SortField } from '../../common/fields.js';
import { t, type MessageKey } from '../../common/messages.js';
import { OptionalFlag, OptionalString } from '../../common/transforms.js';

/** An absolute route path or an external http(s) link, at most 200 characters. */
const ROUTE_PATH = /^(?=.{1,200}$)(\/\S*|https?:\/\/\S+)$/;

/** Directories and menus are routes; buttons only guard actions, so path and name are theirs to leave out. */
const isRoute = (menu: MenuFormDto) => menu.type !== 'button';
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The one message that fits a failed value: the field is missing, or it is set but wrong. */
const missingOr = (missing: MessageKey, wrong: (value: unknown) => MessageKey) => ({
  message: ({ value }: ValidationArguments) => t(isSet(value) ? wrong(value) : missing),
});
const longerThan = (max: number) => (value: unknown) => typeof value === 'string' && value.length > max;

/** Empty text from a form means "not set". */
const emptyToNull = () => Transform(({ value }) => (value === '' ? null : value));
/** An optional text of at most `max` characters ('' is not set); one message. */
const OptionalMenuText = (max: number, key: MessageKey) => applyDecorators(MaxLength(max, { message: () => t(key) }), emptyToNull(), IsOptional());

/**
 * The menu form, as the add and edit screens send it. An edit replaces every field, so a field left out
 * goes back to its default (unset, false, no guard).
 */
export class MenuFormDto {
  @IsIn(MENU_TYPES, { message: () => t('menuTypeInvalid') })
  type: MenuType;

  @IsOptional()
  @IsId('menuParentNotFound')
  parentId?: number | null;

  @emptyToNull()
  @ValidateIf((menu: MenuFormDto) => isRoute(menu) || isSet(menu.path))
  @Matches(ROUTE_PATH, missingOr('menuPathRequired', (v) => (longerThan(200)(v) ? 'menuPathLength' : 'menuPathFormat')))
  path?: string | null;

  @emptyToNull()
  @ValidateIf((menu: MenuFormDto) => isRoute(menu) || isSet(menu.name))
  @Length(1, 100, missingOr('menuNameRequired', (v) => (longerThan(100)(v) ? 'menuNameLength' : 'menuNameRequired')))
  name?: string | null;

  @OptionalMenuText(200, 'menuComponentLength')
  component?: string | null;

  @OptionalMenuText(200, 'menuRedirectLength')
  redirect?: string | null;

  @Length(1, 100, missingOr('menuTitleRequired', (v) => (longerThan(100)(v) ? 'menuTitleLength' : 'menuTitleRequired')))
  title: string;

  @OptionalMenuText(100, 'menuTitleEnLength')
  titleEn?: string | null;

  @OptionalMenuText(60, 'menuIconLength')
  icon?: string | null;

  @IsOptional()
  @SortField('menuSortInvalid')
  sort?: number;

  @OptionalFlag('menuFlagInvalid')
  hidden?: boolean;

  @OptionalFlag('menuFlagInvalid')
  levelHidden?: boolean;

  @OptionalFlag('menuFlagInvalid')
  breadcrumbHidden?: boolean;

  @OptionalFlag('menuFlagInvalid')
  noClosable?: boolean;

  @OptionalFlag('menuFlagInvalid')
  noKeepAlive?: boolean;

  @OptionalMenuText(20, 'menuBadgeLength')
  badge?: string | null;

  @OptionalFlag('menuFlagInvalid')
  dot?: boolean;

  @IsOptional()
  @emptyToNull()
  @IsIn(MENU_TARGETS, { message: () => t('menuTargetInvalid') })
  target?: MenuTarget | null;

  @OptionalMenuText(200, 'menuActiveMenuLength')
  activeMenu?: string | null;

  @emptyToNull()
  @ValidateIf((menu: MenuFormDto) => !isRoute(menu) || isSet(menu.permission))
  @IsIn(PERMISSIONS.map((p) => p.code), missingOr('menuButtonPermissionRequired', () => 'menuPermissionUnknown'))
  permission?: string | null;

  @IsOptional()
  @IsArray({ message: () => t('menuRoleGuardInvalid') })
  @ArrayMaxSize(50, { message: () => t('menuRoleGuardInvalid') })
  @IsString({ each: true, message: () => t('menuRoleGuardInvalid') })
  @MaxLength(50, { each: true, message: () => t('menuRoleGuardInvalid') })
  roleGuard?: string[];
}

export class UpdateMenuDto extends MenuFormDto {
  @IsId()
  id: number;

  @IsVer()
  ver: number;
}

/** The admin screen's tree: everything, or the nodes whose title matches with their ancestors. */
export class MenuTreeQueryDto {
  @OptionalString(100, 'menuFilterLength')
  title?: string;
}
