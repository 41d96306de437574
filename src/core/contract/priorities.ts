import type * as v from 'valibot';
import { text } from './decode';
import { idMap } from './shapes';

// 19. Priorities as an id → name map
export function prioritiesPath(): string {
  return '/api/priorities/index';
}
export const priorityListResponse = idMap(text);
export type PriorityListResponse = v.InferOutput<typeof priorityListResponse>;
