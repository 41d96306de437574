export function messageModules(root: string): Record<string, string>;
