import type { ComponentType } from 'react';

/** Pages of this area by the route `component` key the server sends (log/* screens). */
export const logPages: Record<string, ComponentType> = {};
