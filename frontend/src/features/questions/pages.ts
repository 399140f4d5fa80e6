import type { ComponentType } from 'react';

/** Pages of this area by the route `component` key the server sends (question/add and question/list). */
export const questionPages: Record<string, ComponentType> = {};
