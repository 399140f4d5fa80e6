import type { ComponentType } from 'react';

/** Pages of this area by the route `component` key the server sends (customers/add and the shared customers/list screen). */
export const customerPages: Record<string, ComponentType> = {};
