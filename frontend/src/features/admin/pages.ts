import type { ComponentType } from 'react';

/** Pages of this area by the route `component` key the server sends (base/* screens: staff, organisation, roles, menus, API security, dictionaries, parameters, notices). */
export const adminPages: Record<string, ComponentType> = {};
